import { type FormEvent, useEffect, useRef, useState } from "react";
import { LESSON_DURATIONS, MAX_LESSON_SLOTS } from "../../../../../common/lessons";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { FormDialog } from "../../../components/ui/FormDialog";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import { errorText } from "../../../lib/graphql-errors";
import { checkSlot, defaultSlotFields, formatDuration, localTimezone, type SlotErrors, type SlotFields } from "../utils/lesson-time";
import styles from "./Lessons.module.css";

export interface SlotValue {
  startsAt: string;
  durationMinutes: number;
}

interface ProposeLessonDialogProps {
  partnerName: string;
  /** Reschedule: one time only, starting from the lesson's current one. */
  mode?: "propose" | "reschedule";
  initial?: SlotFields;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's reason. */
  onSubmit: (slots: SlotValue[], timezone: string) => Promise<void>;
  /** The clock the checks read (tests pass a fixed one). */
  now?: () => Date;
}

const DURATION_OPTIONS = LESSON_DURATIONS.map((m) => ({ value: String(m), label: formatDuration(m) }));

/**
 * Propose one or more times for a lesson (or move a scheduled one): local date, time and
 * length per row, in the student's own time zone. Each row's problems show at its fields.
 */
export function ProposeLessonDialog({
  partnerName,
  mode = "propose",
  initial,
  onClose,
  onSubmit,
  now = () => new Date(),
}: ProposeLessonDialogProps) {
  const [rows, setRows] = useState<SlotFields[]>(() => [initial ?? { ...defaultSlotFields(now()), duration: "60" }]);
  const [errors, setErrors] = useState<SlotErrors[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const timezone = localTimezone();

  // After a refused submit, the first wrong field takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const update = (i: number, patch: Partial<SlotFields>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setErrors((es) => es.map((e, j) => (j === i ? {} : e)));
  };

  const addRow = () => {
    const last = rows[rows.length - 1];
    setRows((rs) => [...rs, { date: last?.date ?? "", time: "", duration: last?.duration ?? "60" }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const at = now();
    const seen: Array<string | null> = [];
    const checked = rows.map((r) => {
      const c = checkSlot(r, at, seen);
      seen.push(c.startsAt);
      return c;
    });
    setErrors(checked.map((c) => c.errors));
    if (checked.some((c) => c.errors.when || c.errors.duration)) {
      setAttempt((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(
        checked.map((c, i) => ({ startsAt: c.startsAt!, durationMinutes: Number(rows[i]!.duration) })),
        timezone,
      );
      onClose();
    } catch (e) {
      setServerError(errorText(e));
      setSaving(false);
    }
  };

  const reschedule = mode === "reschedule";
  return (
    <FormDialog
      open
      onClose={onClose}
      size="lg"
      title={reschedule ? "Reschedule the lesson" : "Schedule a lesson"}
      description={
        reschedule
          ? `Pick the new time. ${partnerName} gets an updated calendar invitation.`
          : `Suggest up to ${MAX_LESSON_SLOTS} times; ${partnerName} accepts one and you both get a calendar invitation. Times are in your time zone (${timezone}).`
      }
      onSubmit={submit}
      submitLabel={reschedule ? "Move lesson" : rows.length > 1 ? "Propose times" : "Propose time"}
      busy={saving}
      busyLabel="Sending..."
      formClassName={styles.form}
    >
      <div ref={formRef} className={styles.rows}>
        {rows.map((row, i) => (
          <fieldset key={i} className={styles.slotRow}>
            <legend className={reschedule || rows.length === 1 ? "visually-hidden" : styles.legend}>{`Time ${i + 1}`}</legend>
            <TextField
              label="Date"
              type="date"
              name={`date-${i}`}
              value={row.date}
              onChange={(e) => update(i, { date: e.target.value })}
              error={errors[i]?.when}
              required
              className={styles.dateField}
            />
            <TextField
              label="Start time"
              type="time"
              name={`time-${i}`}
              value={row.time}
              onChange={(e) => update(i, { time: e.target.value })}
              required
              className={styles.timeField}
            />
            <Select
              label="Duration"
              name={`duration-${i}`}
              value={row.duration}
              onChange={(e) => update(i, { duration: e.target.value })}
              options={DURATION_OPTIONS}
              error={errors[i]?.duration}
              className={styles.durationField}
            />
            {rows.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className={styles.removeRow}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                aria-label={`Remove time ${i + 1}`}
              >
                Remove
              </Button>
            )}
          </fieldset>
        ))}
      </div>
      {!reschedule && rows.length < MAX_LESSON_SLOTS && (
        <Button variant="secondary" size="sm" onClick={addRow} className={styles.addRow}>
          Add another time
        </Button>
      )}
      {serverError && <Alert variant="danger">{serverError}</Alert>}
    </FormDialog>
  );
}
