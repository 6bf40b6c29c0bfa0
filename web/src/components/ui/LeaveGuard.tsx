import { useBeforeUnload, useBlocker } from "react-router";
import { paths } from "../../lib/paths";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/**
 * Keeps a form's unsaved changes from going unnoticed: while `dirty`, leaving the page in the app (a link, Back) asks
 * first, and closing or reloading the tab has the browser ask. Render it inside the form's page.
 */
export function LeaveGuard({
  dirty,
  what,
}: {
  dirty: boolean;
  /** What would be lost, e.g. "your changes to these settings". */ what: string;
}) {
  // Not on the way to sign-in: an ended session sends the student there, and Save could only fail.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== paths.login,
  );
  useBeforeUnload((event) => {
    if (!dirty) return;
    event.preventDefault();
    // Browsers before the standard (Chrome 118, older Safari) ask only when it is set.
    event.returnValue = "";
  });
  if (blocker.state !== "blocked") return null;
  return (
    <Dialog
      open
      role="alertdialog"
      size="sm"
      onClose={() => blocker.reset()}
      title="Leave without saving?"
      description={`You have not saved ${what}. They are lost if you leave this page.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.proceed()}>
            Leave
          </Button>
          <Button onClick={() => blocker.reset()} autoFocus>
            Stay
          </Button>
        </>
      }
    />
  );
}
