import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { StarIcon } from "../../../components/ui/icons";
import { cx } from "../../../lib/cx";
import { useFormAction } from "../../../lib/use-form-action";
import { TEXTS } from "../utils/chat-rules";
import styles from "./RatingDialog.module.css";

interface RatingDialogProps {
  partnerName: string;
  onClose: () => void;
  /** Rates, then finishes; rejects with the server's reason for the rating. */
  onRate: (stars: number) => Promise<void>;
}

const LABELS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** Before finishing: 1 to 5 stars for the partner, given once per chat. Radio buttons, so keys and screen readers work. */
export function RatingDialog({ partnerName, onClose, onRate }: RatingDialogProps) {
  const [stars, setStars] = useState(0);
  const [hover, setHover] = useState(0);
  const { error, fail, reset, busy, run } = useFormAction();
  const shown = hover || stars;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1) {
      fail(TEXTS.ratingMissing);
      return;
    }
    await run(() => onRate(stars));
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      size="sm"
      title={
        <>
          Rate <span dir="auto">{partnerName}</span>
        </>
      }
      description="How was learning together? You rate once per chat; then your finish request is sent."
      onSubmit={submit}
      submitLabel="Rate and finish"
      busy={busy}
      busyLabel="Sending..."
    >
      <fieldset className={styles.stars} onMouseLeave={() => setHover(0)}>
        <legend className="visually-hidden">Rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={cx(styles.star, n <= shown && styles.starOn)} onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name="stars"
              value={n}
              checked={stars === n}
              onChange={() => {
                setStars(n);
                reset();
              }}
              className="visually-hidden"
              autoFocus={n === 1}
            />
            <StarIcon size={32} aria-hidden="true" />
            <span className="visually-hidden">
              {n} star{n > 1 ? "s" : ""}
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.starLabel} aria-live="polite">
        {shown ? `${shown} / 5 · ${LABELS[shown]}` : "Choose 1 to 5 stars"}
      </p>
      {error && <Alert variant="danger">{error}</Alert>}
    </FormDialog>
  );
}
