import { useMutation, useQuery } from "@apollo/client/react";
import { type ReactNode, useState } from "react";
import { Link, Navigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Avatar } from "../../../components/ui/Avatar";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadingBlock } from "../../../components/ui/Spinner";
import {
  type ChatMessageFieldsFragment,
  type ReportReason,
  ChatDocument,
  FinishChatDocument,
  RateChatPartnerDocument,
  ReportChatDocument,
  SetMeetingLinkDocument,
} from "../../../gql/graphql";
import { errorCode, errorExtension, errorReason, errorText } from "../../../lib/graphql-errors";
import { useLiveChat } from "../hooks/use-live-chat";
import { useMarkChatRead } from "../hooks/use-unread";
import { useOlderMessages } from "../hooks/use-older-messages";
import { useSendMessage } from "../hooks/use-send-message";
import { usePartnerTyping, useTypingSignal } from "../hooks/use-typing";
import { meetingHref, meetingLabel, TEXTS } from "../utils/chat-rules";
import { visibleMessages } from "../utils/messages";
import styles from "./ChatPage.module.css";
import { MeetingLinkDialog } from "./MeetingLinkDialog";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { TypingLine } from "./TypingLine";
import { RatingDialog } from "./RatingDialog";
import { ReportDialog } from "./ReportDialog";
import { paths } from "../../../lib/paths";
import { useActionFeedback, useFeedbackClearance } from "../../../lib/use-action-feedback";
import { useCurrentPath } from "../../../lib/session";
import { useFormAction } from "../../../lib/use-form-action";

type DialogName = "link" | "rating" | "report" | null;

/**
 * /user/chat/:chatUserID: the conversation with one partner, their meeting link, and the end
 * of the chat (finish, rating first when finishing is possible; or report). Chat not found or any failed load -> /user/chat;
 * incomplete profile -> /p.
 */
export function ChatPage({
  chatWith,
  lessons,
}: {
  chatWith: string;
  /** The route's lessons panel (another feature), shown between the status and the messages. */
  lessons?: (chat: { open: boolean; partnerName: string }) => ReactNode;
}) {
  // Sent to fill the profile first, the student comes back here after it.
  const here = useCurrentPath();
  const { data, error, refetch } = useQuery(ChatDocument, { variables: { chatWith }, fetchPolicy: "cache-and-network" });
  const chat = data?.chat;
  const older = useOlderMessages(chatWith);
  const [dialog, setDialog] = useState<DialogName>(null);
  const finishing = useFormAction();
  // The answer to the last tap (a refused finish, ...), at the bottom of the screen.
  const answer = useActionFeedback();
  // The bar shows above the composer, never over what the student is typing.
  const composerRef = useFeedbackClearance();
  const [setLink] = useMutation(SetMeetingLinkDocument);
  const [rate] = useMutation(RateChatPartnerDocument);
  const [finish] = useMutation(FinishChatDocument);
  const [report] = useMutation(ReportChatDocument);

  const nodes = (chat?.messages.edges ?? []).map((e) => e.node) as ChatMessageFieldsFragment[];
  const messages = visibleMessages(nodes);
  const lastSeq = nodes.reduce((max, m) => (m.id.startsWith("optimistic-") ? max : Math.max(max, m.seq)), 0);
  useLiveChat(chatWith, Boolean(chat), lastSeq);
  const send = useSendMessage({ chatWith, chatId: chat?.id ?? "", meId: chat?.me.id ?? "", lastSeq });
  const latestFromPartner = nodes.reduce((max, m) => (m.fromUserId === chatWith ? Math.max(max, m.seq) : max), 0);
  useMarkChatRead(chatWith, latestFromPartner, Boolean(chat));
  const live = Boolean(chat) && chat?.status === "IN_PROGRESS";
  const typingSignal = useTypingSignal(chatWith, live);
  const partnerTyping = usePartnerTyping(chatWith, latestFromPartner, live);

  const code = errorCode(error);
  if (code === "UNAUTHENTICATED") return <Navigate to={paths.registerFor(here)} replace />;
  if (code === "DETAILS_NOT_FILLED") return <Navigate to={paths.profileDetailsFor(here)} replace />;
  // 'Chat not found' (and any other failed load) goes back to the list, as the spec says.
  if (error && !chat) return <Navigate to={paths.chats} replace />;
  if (!chat) {
    return (
      <Page width="narrow">
        <LoadingBlock label="Loading..." />
      </Page>
    );
  }

  const open = chat.status === "IN_PROGRESS";
  const href = meetingHref(chat.meetingLink);
  const partner = chat.partner;
  const profilePath = paths.profile(partner.id, chat.me.id, chat.me.gender);
  // The primary action only while finishing is what is left to do (10 days in, not finished yet).
  const finishIsNext = open && !chat.finishedByMe && chat.daysCompleted >= chat.daysRequired;

  // Finishing stays on the chat, for whichever of the two finishes last too: the chat's own
  // state (from the reply and the live updates) then shows it ended, and the review strip below.
  const sendFinish = () => {
    answer.clear();
    return finishing.run(() => finish({ variables: { chatWith } }), {
      onError: (e) => {
        if (errorReason(e) === "RATING_REQUIRED") {
          setDialog("rating");
          return null;
        }
        const days = errorExtension(e, "daysCompleted");
        if (days !== undefined) {
          // The server's count is the one the header shows: read the chat again if the page's is older.
          if (days !== chat.daysCompleted) void refetch();
          // The 10-day rule's refusal also says how many scheduled lessons were held.
          answer.show({ variant: "warning", text: `${errorText(e)} ${lessonsHeldText(chat.lessonsHeld, partner.name)}` });
        } else answer.show({ variant: "danger", text: errorText(e) });
        return null;
      },
    });
  };

  // The server checks the rules in order (10 days first, then the rating): a finish that cannot
  // happen yet is refused with the 10-day text before anyone is asked for a permanent rating;
  // RATING_REQUIRED opens the rating dialog, which finishes once the rating is in.
  const onFinishClick = () => void sendFinish();
  // Opening a dialog starts the next action: the last answer goes.
  const openDialog = (name: DialogName) => {
    answer.clear();
    setDialog(name);
  };

  const onRate = async (stars: number) => {
    await rate({ variables: { chatWith, stars } });
    setDialog(null);
    await sendFinish();
  };

  const onReport = async (reason: ReportReason, details: string | null) => {
    await report({ variables: { chatWith, reason, details } });
    setDialog(null);
    // The spec reloads the page after a report: read the chat again, now suspended.
    await refetch();
    answer.show({ variant: "success", text: `Your report about ${partner.name} was sent.` });
  };

  const onSaveLink = async (link: string) => {
    await setLink({ variables: { chatWith, link } });
    answer.show({ variant: "success", text: link ? "Meeting link saved. You both see it in this chat." : "Meeting link removed." });
  };

  return (
    <Page width="default" className={styles.page}>
      <title>{`Chat with ${partner.name} · Skill Exchange`}</title>
      <div className={styles.panel}>
        <header className={styles.header}>
          <ButtonLink to={paths.chats} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />} className={styles.back}>
            Back
          </ButtonLink>
          <Link to={profilePath} className={styles.partner}>
            <Avatar name={partner.name} image={partner.image} size={52} className={styles.avatar} />
            <div className={styles.partnerText}>
              <h1 className={styles.partnerName} dir="auto">
                {partner.name}
              </h1>
              <p className={`${styles.partnerMeta} ${styles.partnerSubtitle}`}>{subtitle(chat)}</p>
              {/* Its own line, never cut off: the same whole days since the start, on the server's clock, as the 10-day rule counts. */}
              {open && (
                <p className={styles.partnerMeta}>
                  {/* Counted up to the rule's days: past them the rule is met ("10 of 10"), never "13 of 10". */}
                  {Math.min(chat.daysCompleted, chat.daysRequired)} of {chat.daysRequired} days completed
                </p>
              )}
            </div>
          </Link>
          <div className={styles.actions}>
            {/* Only while the chat is open: a finished or reported chat's meeting is over. */}
            {href && open && (
              <a href={href} target="_blank" rel="noopener noreferrer" className={styles.meetingLink} title={chat.meetingLink ?? undefined}>
                Join meeting <span className={styles.meetingHost}>{meetingLabel(chat.meetingLink ?? "")}</span>
              </a>
            )}
            <Button variant="secondary" size="sm" onClick={() => openDialog("link")} disabled={!open}>
              {chat.meetingLink ? "Change link" : "Meeting link"}
            </Button>
            <Button
              // Before the 10 days the chat's main action is talking, not finishing (a tap still explains why not yet).
              variant={finishIsNext ? "primary" : "secondary"}
              size="sm"
              onClick={onFinishClick}
              disabled={!open || chat.finishedByMe}
              loading={finishing.busy}
              loadingText="Finishing..."
            >
              {chat.finishedByMe ? "Finished" : "Finish"}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className={styles.reportButton}
              onClick={() => openDialog("report")}
              disabled={chat.status === "SUSPENDED" || chat.status === "CLOSED"}
            >
              Report
            </Button>
          </div>
        </header>

        <div className={styles.statusRow} aria-live="polite">
          {chat.status === "SUSPENDED" && <Alert variant="danger">{TEXTS.suspended}</Alert>}
          {chat.status === "CLOSED" && <Alert variant="warning">{TEXTS.closed}</Alert>}
          {chat.status === "COMPLETED" && <Alert variant="success">{TEXTS.completed}</Alert>}
          {/* One banner from the chat's state: the finish's own reply never leaves a second, older one. */}
          {open && chat.finishedByPartner && !chat.finishedByMe && (
            <Alert variant="info">
              <span dir="auto">{partner.name}</span> has finished. Rate them and finish to complete the chat and earn your skill coin.
            </Alert>
          )}
          {open && chat.finishedByMe && !chat.finishedByPartner && (
            <Alert variant="success">
              You have finished. The chat is complete as soon as <span dir="auto">{partner.name}</span> finishes too.
            </Alert>
          )}
        </div>

        {/* Lessons and the review: folded on a phone by the lessons strip itself, set aside while a short screen's keyboard types a message (CSS). */}
        {lessons && <div className={styles.secondary}>{lessons({ open, partnerName: partner.name })}</div>}

        <MessageList
          messages={messages}
          meId={chat.me.id}
          partnerName={partner.name}
          open={open}
          hasOlder={chat.messages.pageInfo.hasPreviousPage}
          loadingOlder={older.loading}
          olderFailed={older.failed}
          onLoadOlder={async () => {
            const before = chat.messages.pageInfo.startCursor;
            if (before) await older.loadOlder(before);
          }}
        />
        <TypingLine partnerName={partner.name} typing={open && partnerTyping} />
        <div ref={composerRef} className={styles.composer}>
          <MessageComposer
            onSend={(body) => {
              answer.clear();
              typingSignal.sent();
              return send(body);
            }}
            onTyping={typingSignal.typing}
            disabled={!open}
            disabledReason={chat.status === "COMPLETED" ? "This chat is finished" : "This chat is closed"}
          />
        </div>
      </div>

      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
      {dialog === "link" && <MeetingLinkDialog current={chat.meetingLink} onClose={() => setDialog(null)} onSave={onSaveLink} />}
      {dialog === "rating" && <RatingDialog partnerName={partner.name} onClose={() => setDialog(null)} onRate={onRate} />}
      {dialog === "report" && <ReportDialog partnerName={partner.name} onClose={() => setDialog(null)} onReport={onReport} />}
    </Page>
  );
}

/** The 10-day rule's explanation counts the scheduled lessons held so far. */
export function lessonsHeldText(held: number, partnerName: string): string {
  if (held === 0) return `No scheduled lessons with ${partnerName} have taken place yet.`;
  return `You have held ${held} scheduled ${held === 1 ? "lesson" : "lessons"} with ${partnerName} so far.`;
}

function subtitle(chat: { iLearn: { skill: string } | null; iTeach: { skill: string } | null; title: string | null }) {
  const parts: string[] = [];
  if (chat.title) parts.push(chat.title);
  if (chat.iLearn) parts.push(`You learn ${chat.iLearn.skill}`);
  if (chat.iTeach) parts.push(`you teach ${chat.iTeach.skill}`);
  const text = parts.join(" · ");
  return text ? text[0]!.toUpperCase() + text.slice(1) : "";
}
