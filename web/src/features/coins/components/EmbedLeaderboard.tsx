import { useRef, useState } from "react";
import {
  EMBED_LIMIT_DEFAULT,
  EMBED_WIDTH_DEFAULT,
  type EmbedTheme,
  embedHeight,
  embedSnippet,
  embedTitle,
  embedUrl,
  embedViewName,
} from "../../../../../common/embed";
import type { LeaderboardPeriod } from "../../../../../common/leaderboard";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { CodeIcon } from "../../../components/ui/icons";
import { Select } from "../../../components/ui/Select";
import { TextArea } from "../../../components/ui/TextField";
import styles from "./EmbedLeaderboard.module.css";

export interface EmbedLeaderboardProps {
  /** The view the page shows: its snippet embeds the same one. */
  category?: string | null;
  period?: LeaderboardPeriod | null;
}

const ROWS = [5, 10, 20, 50].map((n) => ({ value: String(n), label: `${n} students` }));
const THEMES = [
  { value: "", label: "Visitor's setting" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

type Copied = "copied" | "select" | null;

/**
 * "Embed this": the iframe snippet of the leaderboard view on the page, for a college site
 * (the server renders /embed/leaderboard; the snippet is common/embed.ts's, as oEmbed answers it).
 */
export function EmbedLeaderboard({ category = null, period = null }: EmbedLeaderboardProps) {
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(EMBED_LIMIT_DEFAULT);
  const [theme, setTheme] = useState<EmbedTheme | "">("");
  const [copied, setCopied] = useState<Copied>(null);
  const snippetRef = useRef<HTMLTextAreaElement>(null);

  const view = { category, period: period ?? "all_time", limit, theme: theme || null };
  const origin = window.location.origin;
  const snippet = embedSnippet(origin, view);

  const close = () => {
    setOpen(false);
    setCopied(null);
  };
  const selectSnippet = () => snippetRef.current?.select();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied("copied");
    } catch {
      // No clipboard (an insecure page, a refused permission): the text is selected for the student to copy.
      selectSnippet();
      setCopied("select");
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" startIcon={<CodeIcon size={16} />} onClick={() => setOpen(true)}>
        Embed this
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Embed this leaderboard"
        description={`Paste this into a page of your college site to show the leaderboard (${embedViewName(view)}). It keeps itself up to date; visitors need no account.`}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={() => void copy()} autoFocus>
              Copy
            </Button>
          </>
        }
      >
        <div className={styles.options}>
          <Select
            label="Rows"
            value={String(limit)}
            options={ROWS}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setCopied(null);
            }}
          />
          <Select
            label="Colours"
            value={theme}
            options={THEMES}
            onChange={(e) => {
              setTheme(e.target.value as EmbedTheme | "");
              setCopied(null);
            }}
          />
        </div>
        <TextArea
          ref={snippetRef}
          label="HTML snippet"
          value={snippet}
          readOnly
          rows={5}
          dir="ltr"
          spellCheck={false}
          onFocus={selectSnippet}
          className={styles.snippet}
          textareaClassName={styles.code}
        />
        <p role="status" className={styles.status}>
          {copied === "copied"
            ? "Copied. Paste it into your page's HTML."
            : copied === "select"
              ? "Selected: copy it with Ctrl+C (or long-press, Copy)."
              : ""}
        </p>
        <p className={styles.previewLabel}>Preview</p>
        <div className={styles.preview}>
          <iframe
            src={embedUrl(origin, view)}
            title={`Preview: ${embedTitle(view)}`}
            width={EMBED_WIDTH_DEFAULT}
            height={embedHeight(limit)}
            className={styles.frame}
            loading="lazy"
          />
        </div>
      </Dialog>
    </>
  );
}
