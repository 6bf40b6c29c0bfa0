import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { MAX_MESSAGE_CHARS } from "../../../../../common/chat";
import { Button } from "../../../components/ui/Button";
import { errorText } from "../../../lib/graphql-errors";
import { charCount, TEXTS } from "../utils/chat-rules";
import styles from "./MessageComposer.module.css";

interface MessageComposerProps {
  onSend: (body: string) => Promise<void>;
  /** Called as the draft changes while it is not empty (the partner's "… is typing…" line; throttled by the caller). */
  onTyping?: () => void;
  disabled?: boolean;
  disabledReason?: string;
}

/** The input and Send: Enter sends, Shift+Enter starts a new line. The text comes back if sending fails. */
export function MessageComposer({ onSend, onTyping, disabled = false, disabledReason }: MessageComposerProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const length = charCount(text);
  const tooLong = length > MAX_MESSAGE_CHARS;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || disabled) return;
    if (tooLong) {
      setError(TEXTS.messageTooLong);
      return;
    }
    setText("");
    setError(null);
    // Ready for the next message: Send (tapped, or reached with Tab) is disabled by the empty box, which left the
    // focus nowhere and closed a phone's keyboard after every message.
    input.current?.focus({ preventScroll: true });
    onSend(body).catch((e: unknown) => {
      setText((current) => (current ? current : body));
      setError(errorText(e));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  return (
    <form className={styles.composer} onSubmit={send} aria-label="Send a message">
      {error && (
        <p role="alert" className={styles.composerError}>
          {error}
        </p>
      )}
      <div className={styles.composerRow}>
        <label htmlFor="chat-message" className="visually-hidden">
          Message
        </label>
        <textarea
          ref={input}
          id="chat-message"
          dir="auto"
          className={styles.input}
          rows={1}
          placeholder={disabled ? disabledReason : "Type your message..."}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping?.();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? "chat-message-count" : undefined}
        />
        <Button
          type="submit"
          disabled={disabled || !text.trim() || tooLong}
          // A tap on Send while typing leaves the focus (and the phone's keyboard) in the box, without a blink.
          onMouseDown={(e) => {
            if (document.activeElement === input.current) e.preventDefault();
          }}
        >
          Send
        </Button>
      </div>
      {length > MAX_MESSAGE_CHARS - 200 && (
        <p id="chat-message-count" className={styles.counter} aria-live="polite">
          {length} / {MAX_MESSAGE_CHARS}
        </p>
      )}
    </form>
  );
}
