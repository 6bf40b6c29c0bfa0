import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { ArrowDownIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/Spinner";
import { cx } from "../../../lib/cx";
import { type ChatMessage, groupByDay, isOptimistic, timeLabel } from "../utils/messages";
import styles from "./MessageList.module.css";
import { splitLinks } from "../utils/links";

interface MessageListProps {
  messages: ChatMessage[];
  meId: string;
  partnerName: string;
  /** Whether messages can still be sent (an empty closed chat invites no hello). */
  open?: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  /** Loads the page before the oldest message shown. */
  onLoadOlder: () => Promise<void>;
}

/** How close to an edge (px) counts as "at" it: loads older ones at the top, follows new ones at the bottom. */
const EDGE = 80;

/**
 * The conversation, grouped by day, newest at the bottom. It follows new messages while the
 * reader is at the bottom (always for their own), loads older ones when scrolled to the top
 * and keeps the reader's place while they are added above.
 */
export function MessageList({
  messages,
  meId,
  partnerName,
  open = true,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
}: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Where the list last scrolled itself to its bottom: the scroll event that follows is its own, not the
  // reader's, whatever the layout did in between (a header wrapping for a moment, the room for an answer).
  const ownScroll = useRef<number | null>(null);
  const toBottom = (el: HTMLDivElement) => {
    el.scrollTop = el.scrollHeight;
    ownScroll.current = el.scrollTop;
    atBottom.current = true;
  };
  // The newest message the reader has been at the bottom for: the partner's newer ones, which came
  // while they were up the conversation, are counted on a button that takes them down to them.
  const newest = messages.reduce((max, m) => (isOptimistic(m) ? max : Math.max(max, m.seq)), 0);
  const [seenSeq, setSeenSeq] = useState(newest);
  const unseen = messages.reduce((n, m) => n + (m.fromUserId !== meId && !isOptimistic(m) && m.seq > seenSeq ? 1 : 0), 0);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstSeq = messages[0]?.seq;
  const last = messages.at(-1);

  const loadOlder = () => {
    const el = ref.current;
    if (!el || firstSeq === undefined || loadingOlder) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void onLoadOlder();
  };

  // Older messages went in above: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstSeq]);

  // A new last message: follow it if the reader was at the bottom or wrote it.
  const lastId = last?.id;
  const lastIsMine = last?.fromUserId === meId;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !lastId) return;
    if (atBottom.current || lastIsMine) {
      toBottom(el);
      setSeenSeq(newest);
    }
  }, [lastId, lastIsMine, newest]);

  // The box got smaller (a notice above it, the phone keyboard) or the room under the newest message
  // grew (an answer bar over it): a reader at the bottom stays there.
  const room = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) toBottom(el);
    });
    observer.observe(el);
    if (room.current) observer.observe(room.current);
    return () => observer.disconnect();
  }, []);

  // Loading stopped without adding anything (no older ones, or it failed): forget the anchor.
  useEffect(() => {
    if (!loadingOlder) anchor.current = null;
  }, [loadingOlder]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    if (ownScroll.current !== null && el.scrollTop === ownScroll.current) return;
    ownScroll.current = null;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE;
    if (atBottom.current) setSeenSeq(newest);
    if (el.scrollTop < EDGE && hasOlder && !loadingOlder && !olderFailed) loadOlder();
  };

  const groups = groupByDay(messages);
  return (
    <div
      ref={ref}
      className={styles.messages}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${partnerName}`}
      tabIndex={0}
    >
      {hasOlder && (
        <div className={styles.older}>
          {loadingOlder ? (
            <Spinner size="sm" showLabel label="Loading older messages..." />
          ) : (
            <Button variant="ghost" size="sm" onClick={loadOlder}>
              {olderFailed ? "Could not load. Try again" : "Load older messages"}
            </Button>
          )}
        </div>
      )}
      {messages.length === 0 && (
        <p className={styles.noMessages}>
          {open ? `No messages yet. Say hello to ${partnerName}!` : `No messages were sent in this chat.`}
        </p>
      )}
      {groups.map((g) => (
        <section key={g.key} className={styles.day} aria-label={g.label}>
          <h2 className={styles.dayLabel}>
            <span>{g.label}</span>
          </h2>
          <ol className={styles.dayMessages}>
            {g.messages.map((m) => {
              const mine = m.fromUserId === meId;
              const pending = isOptimistic(m);
              return (
                <li
                  key={m.id}
                  className={cx(styles.message, mine ? styles.mine : styles.theirs, pending && styles.pending)}
                  data-testid="chat-message"
                >
                  <span className="visually-hidden">{mine ? "You" : partnerName}: </span>
                  {/* Text, never HTML: React escapes it, CSS keeps its line breaks; web addresses are links. */}
                  <p className={styles.body} dir="auto">
                    {splitLinks(m.body).map((part, i) =>
                      part.href ? (
                        <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className={styles.link}>
                          {part.text}
                        </a>
                      ) : (
                        part.text
                      ),
                    )}
                  </p>
                  <time className={styles.time} dateTime={m.createdAt}>
                    {pending ? "Sending..." : timeLabel(new Date(m.createdAt))}
                  </time>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      {unseen > 0 && (
        <div className={styles.unseen}>
          <Button
            size="sm"
            variant="primary"
            endIcon={<ArrowDownIcon size={16} />}
            onClick={() => {
              if (ref.current) toBottom(ref.current);
              setSeenSeq(newest);
            }}
          >
            {unseen === 1 ? "1 new message" : `${unseen} new messages`}
          </Button>
        </div>
      )}
      <div ref={room} className={styles.room} aria-hidden="true" />
    </div>
  );
}
