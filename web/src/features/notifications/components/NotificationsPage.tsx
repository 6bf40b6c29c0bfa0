import { useQuery } from "@apollo/client/react";
import { Navigate, useParams } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { ButtonLink } from "../../../components/ui/Button";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { type NotificationFieldsFragment, NotificationsDocument, NotificationsViewerDocument } from "../../../gql/graphql";
import { errorCode } from "../../../lib/graphql-errors";
import { useLiveNotifications } from "../hooks/use-live-notifications";
import { NotificationsList } from "./NotificationsList";
import styles from "./NotificationsPage.module.css";
import { paths } from "../../../lib/paths";

/**
 * /{userId}/notifications for a signed-in student: the caller's own list (the server shows no
 * one else's), kept live by the subscription. Incomplete profile -> /p.
 */
export function NotificationsPage() {
  const { userId } = useParams();
  const viewer = useQuery(NotificationsViewerDocument, { fetchPolicy: "cache-and-network" });
  const list = useQuery(NotificationsDocument, { fetchPolicy: "cache-and-network" });
  useLiveNotifications(true);

  const me = viewer.data?.me;
  const codes = [errorCode(viewer.error), errorCode(list.error)];
  if (codes.includes("UNAUTHENTICATED") || (viewer.data && me === null)) return <Navigate to={paths.register} replace />;
  if (codes.includes("DETAILS_NOT_FILLED") || (me && !me.detailsFilled)) return <Navigate to={paths.profileDetails} replace />;
  if (me && userId !== me.id) return <Navigate to={paths.notifications(me.id)} replace />;

  const notifications = (list.data?.notifications ?? []) as NotificationFieldsFragment[];
  const failed = (list.error || viewer.error) && !list.data;

  return (
    <Page width="narrow">
      <title>Notifications · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.dashboard(me?.id ?? userId ?? "")} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        title="Notifications"
        description="Answer swap and pay requests, pay for accepted ones, and keep up with your exchanges."
      />
      <div className={styles.body}>
        {me && list.data ? (
          <NotificationsList notifications={notifications} me={me} />
        ) : failed ? (
          <LoadError message="Your notifications could not be loaded." onRetry={() => Promise.all([list.refetch(), viewer.refetch()])} />
        ) : (
          <LoadingBlock label="Loading..." />
        )}
      </div>
    </Page>
  );
}
