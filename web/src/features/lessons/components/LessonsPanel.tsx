import { useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import type { LessonFieldsFragment } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useChatLessons } from "../hooks/use-chat-lessons";
import { usePhoneScreen } from "../hooks/use-phone-screen";
import { formatDuration, formatSlot, toLocalFields } from "../utils/lesson-time";
import { ChatStrip, chatStripText } from "../../../components/ui/ChatStrip";
import styles from "./Lessons.module.css";
import { ProposeLessonDialog } from "./ProposeLessonDialog";

interface LessonsPanelProps {
  chatWith: string;
  partnerName: string;
  /** Whether the chat is in progress: only then can lessons be proposed, accepted or moved. */
  open: boolean;
  now?: () => Date;
}

/**
 * The chat page's lessons: "Schedule a lesson" (propose times), proposals waiting for an answer
 * (Accept one time, or decline/withdraw) and scheduled lessons that have not ended (Reschedule,
 * Cancel). Every time shows in the viewer's local time. On a phone the list is folded away behind
 * its heading (a disclosure button that says what is in it), so the messages keep the screen.
 */
export function LessonsPanel({ chatWith, partnerName, open, now = () => new Date() }: LessonsPanelProps) {
  const l = useChatLessons(chatWith);
  const [dialog, setDialog] = useState<{ mode: "propose" } | { mode: "reschedule"; lesson: LessonFieldsFragment } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Cancelling a scheduled lesson mails both students: it is asked once more, like a rejection.
  const [cancelling, setCancelling] = useState<LessonFieldsFragment | null>(null);
  // The answer to the last tap, at the bottom of the screen: the lessons may be scrolled far from it.
  const answer = useActionFeedback();
  const phone = usePhoneScreen();
  // Folded by default on a phone; the student's own proposal or move opens it, to show where it went.
  const [expanded, setExpanded] = useState(false);
  const at = now().getTime();
  const active = l.lessons
    .filter((x) => x.status === "PROPOSED" || (x.status === "SCHEDULED" && x.endsAt && new Date(x.endsAt).getTime() > at))
    .sort((a, b) => sortKey(a) - sortKey(b));

  const act = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key);
    answer.clear();
    try {
      await action();
      answer.show({ variant: "success", text: done });
    } catch (e) {
      answer.show({ variant: "danger", text: errorText(e) });
    } finally {
      setBusy(null);
    }
  };
  const openDialog = (next: NonNullable<typeof dialog>) => {
    answer.clear();
    setDialog(next);
  };
  // The dialog shows its own refusal (it stays open to try again); its success shows here.
  const submitted = async (send: () => Promise<void>, done: string) => {
    await send();
    setExpanded(true);
    answer.show({ variant: "success", text: done });
  };

  // A finished chat with nothing planned has no lessons to show or plan: the messages keep the room
  // (its last answer, e.g. the last lesson cancelled, stays until it is dismissed).
  if (!open && !l.loading && active.length === 0 && !answer.feedback && !dialog && !cancelling) return null;

  return (
    <ChatStrip
      title="Lessons"
      action={
        <Button size="sm" variant="secondary" onClick={() => openDialog({ mode: "propose" })} disabled={!open}>
          Schedule a lesson
        </Button>
      }
      fold={phone ? { expanded, onToggle: () => setExpanded((e) => !e), summary: foldedSummary(active) } : undefined}
      outside={
        <>
          {dialog?.mode === "propose" && (
            <ProposeLessonDialog
              partnerName={partnerName}
              onClose={() => setDialog(null)}
              onSubmit={(slots, timezone) => submitted(() => l.propose(slots, timezone), `Lesson proposed to ${partnerName}.`)}
              now={now}
            />
          )}
          {dialog?.mode === "reschedule" && (
            <ProposeLessonDialog
              mode="reschedule"
              partnerName={partnerName}
              initial={{ ...toLocalFields(new Date(dialog.lesson.startsAt!)), duration: String(dialog.lesson.durationMinutes) }}
              onClose={() => setDialog(null)}
              onSubmit={(slots, timezone) =>
                submitted(
                  () => l.reschedule(dialog.lesson.id, slots[0]!, timezone),
                  `Lesson moved. ${partnerName} gets an updated calendar invitation.`,
                )
              }
              now={now}
            />
          )}
          <Dialog
            open={cancelling !== null}
            onClose={() => setCancelling(null)}
            role="alertdialog"
            size="sm"
            hideCloseButton
            title="Cancel this lesson?"
            description={
              cancelling && (
                <>
                  The lesson on{" "}
                  <time dateTime={cancelling.startsAt ?? ""}>{formatSlot(cancelling.startsAt!, cancelling.durationMinutes!)}</time> is
                  cancelled for both of you, and {partnerName} gets a mail saying so.
                </>
              )
            }
            footer={
              <>
                <Button variant="secondary" onClick={() => setCancelling(null)} autoFocus>
                  Keep lesson
                </Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    const lesson = cancelling!;
                    setCancelling(null);
                    void act(lesson.id, () => l.cancel(lesson.id), "Lesson cancelled.");
                  }}
                >
                  Cancel lesson
                </Button>
              </>
            }
          />
          <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
        </>
      }
    >
      {active.length === 0 ? (
        !l.loading && <p className={chatStripText}>{`No lessons planned yet. Propose a few times and ${partnerName} picks one.`}</p>
      ) : (
        <ul className={styles.list}>
          {active.map((lesson) =>
            lesson.status === "PROPOSED" ? (
              <li key={lesson.id} className={styles.item}>
                {/* Decline / Withdraw beside the title: on a phone the list is a short scroll box, and the answer to the whole proposal stays in view above its times. */}
                <div className={styles.itemHead}>
                  <p className={styles.itemTitle}>
                    {lesson.proposedByMe ? `You proposed: waiting for ${partnerName}` : `${partnerName} proposed a lesson`}
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      void act(
                        lesson.id,
                        () => l.cancel(lesson.id),
                        lesson.proposedByMe ? "You withdrew your proposal." : `You declined ${partnerName}'s proposal.`,
                      )
                    }
                    disabled={busy !== null}
                  >
                    {lesson.proposedByMe ? "Withdraw" : "Decline"}
                  </Button>
                </div>
                <ul className={styles.slots}>
                  {lesson.slots.map((slot) => (
                    <li key={slot.id} className={styles.slot}>
                      <span>
                        <time dateTime={slot.startsAt}>{formatSlot(slot.startsAt, slot.durationMinutes)}</time>
                        <span className={`${styles.muted} ${styles.slotDuration}`}> · {formatDuration(slot.durationMinutes)}</span>
                      </span>
                      {!lesson.proposedByMe && (
                        <Button
                          size="sm"
                          onClick={() =>
                            void act(
                              slot.id,
                              () => l.accept(lesson.id, slot.id),
                              `Lesson scheduled for ${formatSlot(slot.startsAt, slot.durationMinutes)}.`,
                            )
                          }
                          disabled={!open || (busy !== null && busy !== slot.id) || new Date(slot.startsAt).getTime() <= at}
                          loading={busy === slot.id}
                          loadingText="Accepting..."
                          aria-label={`Accept ${formatSlot(slot.startsAt, slot.durationMinutes)}`}
                        >
                          Accept
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={lesson.id} className={`${styles.item} ${styles.scheduled}`}>
                <p className={styles.itemTitle}>
                  Lesson scheduled: <time dateTime={lesson.startsAt ?? ""}>{formatSlot(lesson.startsAt!, lesson.durationMinutes!)}</time>
                </p>
                <div className={styles.itemActions}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => openDialog({ mode: "reschedule", lesson })}
                    disabled={!open || busy !== null}
                  >
                    Reschedule
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      answer.clear();
                      setCancelling(lesson);
                    }}
                    loading={busy === lesson.id}
                    loadingText="Cancelling..."
                    disabled={busy !== null}
                  >
                    Cancel lesson
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </ChatStrip>
  );
}

/** What the folded list holds, beside its heading: a proposal to answer shows before it is opened. */
function foldedSummary(active: LessonFieldsFragment[]): string {
  const scheduled = active.filter((x) => x.status === "SCHEDULED").length;
  const toAnswer = active.filter((x) => x.status === "PROPOSED" && !x.proposedByMe).length;
  const waiting = active.filter((x) => x.status === "PROPOSED" && x.proposedByMe).length;
  const parts: string[] = [];
  if (scheduled) parts.push(`${scheduled} scheduled`);
  if (toAnswer) parts.push(`${toAnswer} to answer`);
  if (waiting) parts.push(`${waiting} waiting`);
  return parts.join(" · ");
}

/** Scheduled lessons first by start, then proposals by their first time. */
function sortKey(l: LessonFieldsFragment): number {
  const start = l.startsAt ?? l.slots[0]?.startsAt;
  return (l.status === "SCHEDULED" ? 0 : 1e15) + (start ? new Date(start).getTime() : 0);
}
