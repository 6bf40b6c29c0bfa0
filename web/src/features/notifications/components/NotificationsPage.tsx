import { useQuery } from "@apollo/client/react";
import { Navigate, useParams } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { type NotificationFieldsFragment, NotificationsDocument, NotificationsViewerDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { errorCode } from "../../../lib/graphql-errors";
import { useLiveNotifications } from "../hooks/use-live-notifications";
import { NOTIFICATIONS_PAGE } from "../utils/paging";
import { NotificationsList } from "./NotificationsList";
import styles from "./NotificationsPage.module.css";
import { paths } from "../../../lib/paths";
import { useCurrentPath } from "../../../lib/session";

/**
 * /{userId}/notifications for a signed-in student: the caller's own list (the server shows no
 * one else's), kept live by the subscription. Incomplete profile -> /p.
 */
export function NotificationsPage() {
  // Sent to fill the profile first, the student comes back here after it.
  const here = useCurrentPath();
  const { userId } = useParams();
  const viewer = useQuery(NotificationsViewerDocument, { fetchPolicy: "cache-and-network" });
  const list = useQuery(NotificationsDocument, {
    variables: { first: NOTIFICATIONS_PAGE, after: null },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  useLiveNotifications(true);

  const me = viewer.data?.me;
  const codes = [errorCode(viewer.error), errorCode(list.error)];
  if (codes.includes("UNAUTHENTICATED") || (viewer.data && me === null)) return <Navigate to={paths.registerFor(here)} replace />;
  if (codes.includes("DETAILS_NOT_FILLED") || (me && !me.detailsFilled)) return <Navigate to={paths.profileDetailsFor(here)} replace />;
  if (me && userId !== me.id) return <Navigate to={paths.notifications(me.id)} replace />;

  const page = list.data?.notifications;
  const notifications = nodesOf(page) as NotificationFieldsFragment[];
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
        actions={
          <ButtonLink to={paths.notificationSettings} variant="secondary" size="sm">
            Notification settings
          </ButtonLink>
        }
      />
      <div className={styles.body}>
        {me && list.data ? (
          <>
            <NotificationsList notifications={notifications} me={me} />
            {page?.pageInfo.hasNextPage && (
              <Button
                variant="secondary"
                fullWidth
                loading={list.loading}
                loadingText="Loading..."
                onClick={() =>
                  void list.fetchMore({ variables: { first: NOTIFICATIONS_PAGE, after: page.pageInfo.endCursor } }).catch(() => undefined)
                }
              >
                Show more
              </Button>
            )}
          </>
        ) : failed ? (
          <LoadError message="Your notifications could not be loaded." onRetry={() => Promise.all([list.refetch(), viewer.refetch()])} />
        ) : (
          <LoadingBlock label="Loading..." />
        )}
      </div>
    </Page>
  );
}
