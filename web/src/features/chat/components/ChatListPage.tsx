import { useQuery } from "@apollo/client/react";
import { Link, Navigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { Avatar } from "../../../components/ui/Avatar";
import { Badge } from "../../../components/ui/Badge";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon, ChatIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { ChatListDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { errorCode } from "../../../lib/graphql-errors";
import { useLiveChatList } from "../hooks/use-live-chat-list";
import { dayLabel, timeLabel } from "../utils/messages";
import { CHATS_PAGE } from "../utils/paging";
import styles from "./ChatList.module.css";
import { paths } from "../../../lib/paths";
import { useCurrentPath } from "../../../lib/session";

function when(iso: string): string {
  const d = new Date(iso);
  const day = dayLabel(d);
  return day === "Today" ? timeLabel(d) : day;
}

/** /user/chat: everyone the student chats with, latest message first, kept live; "Show more" appends older chats. */
export function ChatListPage() {
  // Sent to fill the profile first, the student comes back here after it.
  const here = useCurrentPath();
  const { data, error, loading, refetch, fetchMore } = useQuery(ChatListDocument, {
    variables: { first: CHATS_PAGE, after: null },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  // Live once the list is shown: new messages move their chat to the top, new chats appear, presence dots change.
  useLiveChatList(Boolean(data?.chats));
  const code = errorCode(error);
  if (code === "UNAUTHENTICATED") return <Navigate to={paths.registerFor(here)} replace />;
  if (code === "DETAILS_NOT_FILLED") return <Navigate to={paths.profileDetailsFor(here)} replace />;
  const page = data?.chats;
  const chats = page ? nodesOf(page) : undefined;

  return (
    <Page width="narrow">
      <title>Chats · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.dashboard()} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        title="Chats"
        description="Everyone you are learning with. Open a chat to message, meet and finish your swap."
      />
      {chats ? (
        chats.length === 0 ? (
          <EmptyState
            icon={<ChatIcon />}
            title="No Chats"
            description="Once a swap or payment is accepted, your chat with that student appears here."
          />
        ) : (
          <>
            <ul className={styles.list} aria-label="Your chats">
              {chats.map((c) => (
                <li key={c.id}>
                  <Link to={paths.chat(c.partner.id)} className={styles.item}>
                    <span className={styles.avatar}>
                      <Avatar name={c.partner.name} image={c.partner.image} size={44} />
                      {c.partner.online && (
                        <span className={styles.online}>
                          <span className="visually-hidden">online</span>
                        </span>
                      )}
                    </span>
                    <span className={styles.text}>
                      <span className={styles.top}>
                        <span className={styles.name} dir="auto">
                          {c.partner.name}
                        </span>
                        <time className={styles.time} dateTime={c.lastMessageAt}>
                          {when(c.lastMessageAt)}
                        </time>
                      </span>
                      <span className={styles.bottom}>
                        <span className={styles.preview}>
                          {c.lastMessagePreview ? (
                            <>
                              {c.lastMessageFromMe && "You: "}
                              <span dir="auto">{c.lastMessagePreview}</span>
                            </>
                          ) : (
                            "No messages yet. Say hello!"
                          )}
                        </span>
                        {c.unreadCount > 0 && (
                          <span className={styles.unread}>
                            {c.unreadCount > 99 ? "99+" : c.unreadCount}
                            <span className="visually-hidden"> unread {c.unreadCount === 1 ? "message" : "messages"}</span>
                          </span>
                        )}
                        {c.status !== "IN_PROGRESS" && (
                          <Badge tone={c.status === "COMPLETED" ? "success" : "danger"} className={styles.badge}>
                            {c.status === "COMPLETED" ? "Finished" : c.status === "CLOSED" ? "Closed" : "Reported"}
                          </Badge>
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {page?.pageInfo.hasNextPage && (
              <Button
                variant="secondary"
                fullWidth
                loading={loading}
                loadingText="Loading..."
                onClick={() => void fetchMore({ variables: { first: CHATS_PAGE, after: page.pageInfo.endCursor } }).catch(() => undefined)}
              >
                Show more
              </Button>
            )}
          </>
        )
      ) : error && !loading ? (
        <LoadError message="Your chats could not be loaded." onRetry={refetch} />
      ) : (
        <LoadingBlock label="Loading..." />
      )}
    </Page>
  );
}
