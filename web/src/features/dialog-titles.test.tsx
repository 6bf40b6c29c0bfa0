import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { RatingDialog } from "./chat/components/RatingDialog";
import { ReportDialog } from "./chat/components/ReportDialog";
import { RejectDialog } from "./notifications/components/RejectDialog";
import { ReportReviewDialog } from "./reviews/components/ReportReviewDialog";

/** A right-to-left name in a left-to-right sentence. */
const NAME = "سارة أحمد";
const noop = () => {};
const never = () => new Promise<void>(noop);

describe("dialog titles that name a student", () => {
  const cases: Array<[string, ReactElement, string]> = [
    ["rating", <RatingDialog key="r" partnerName={NAME} onClose={noop} onRate={never} />, `Rate ${NAME}`],
    ["report", <ReportDialog key="p" partnerName={NAME} onClose={noop} onReport={never} />, `Report ${NAME}`],
    ["reject", <RejectDialog key="j" name={NAME} busy={false} onConfirm={noop} onClose={noop} />, `Reject ${NAME}'s request?`],
    ["decline", <RejectDialog key="d" name={NAME} declining busy={false} onConfirm={noop} onClose={noop} />, `Decline paying ${NAME}?`],
    [
      "review report",
      <ReportReviewDialog key="v" reviewId="r1" authorName={NAME} onClose={noop} onReported={noop} />,
      `Report ${NAME}'s review`,
    ],
  ];
  it.each(cases)("%s: the dialog is named by its sentence, and the name is isolated with dir=auto", (_, dialog, title) => {
    render(<MockedProvider mocks={[]}>{dialog}</MockedProvider>);
    const heading = screen.getByRole("heading", { level: 2 });
    expect(heading.textContent).toBe(title);
    const name = [...heading.querySelectorAll("[dir=auto]")].map((el) => el.textContent);
    expect(name).toEqual([NAME]);
  });
});
