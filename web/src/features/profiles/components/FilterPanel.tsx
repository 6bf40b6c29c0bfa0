import { type FormEvent, useEffect, useId, useState } from "react";
import { checkFilters, type DirectoryFilters, FILTER_LABELS, filtersToParams } from "../../../../../common/discovery";
import { CATEGORIES, LANGUAGES, MAX_SKILL_LENGTH } from "../../../../../common/profiles";
import { Button } from "../../../components/ui/Button";
import { useHydrated } from "../../../lib/hydrated";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import styles from "./FilterPanel.module.css";

interface Draft {
  category: string;
  skill: string;
  language: string;
  minRating: string;
  maxCoins: string;
  onlineNow: boolean;
  hasTaught: boolean;
}

const draftOf = (f: DirectoryFilters): Draft => ({
  category: f.category ?? "",
  skill: f.skill ?? "",
  language: f.language ?? "",
  minRating: f.minRating !== undefined ? String(f.minRating) : "",
  maxCoins: f.maxCoins !== undefined ? String(f.maxCoins) : "",
  onlineNow: f.onlineNow === true,
  hasTaught: f.hasTaught === true,
});

export const activeCount = (f: DirectoryFilters) => Object.values(f).filter((v) => v !== undefined).length;

/** Where the filters start open (FilterPanel.module.css: .auto, .wideOnly and .narrowOnly say the same). */
const WIDE_SCREEN = "(min-width: 768px)";

/**
 * The discovery filters (they narrow both the search and the feed). Collapsible behind a "Filters"
 * button on small screens and open by default on wide ones; applying writes them to the address.
 */
export function FilterPanel({
  filters,
  onApply,
  onClear,
}: {
  filters: DirectoryFilters;
  onApply: (f: DirectoryFilters) => void;
  onClear: () => void;
}) {
  const panelId = useId();
  // Null until mounted: the screen's width decides, in CSS (.auto), so that the page the server
  // rendered (which knows no width) and its hydration agree and nothing moves; the effect then
  // makes it a choice (the same one) that the button's state and label say.
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => setOpen((o) => o ?? window.matchMedia?.(WIDE_SCREEN).matches === true), []);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  // The form waits for the page's JavaScript (a page the server rendered shows it before): what was
  // typed or picked before would not be in its state.
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  // The address is the truth: a reload, Back, "clear" or an opened saved search shows what it says;
  // filters that arrive from elsewhere (a saved search) open the panel on a wide screen so that they can be seen. On a
  // phone the panel (a screen and more of fields) would push what they found out of sight: the button counts them.
  const shown = String(new URLSearchParams(filtersToParams(filters)));
  useEffect(() => {
    setDraft(draftOf(filters));
    if (shown) setOpen((o) => o === true || window.matchMedia?.(WIDE_SCREEN).matches === true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` is `filters` by value
  }, [shown]);
  const n = activeCount(filters);

  function apply(e: FormEvent) {
    e.preventDefault();
    const checked = checkFilters({ ...draft });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    onApply(checked.filters);
  }

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <div className={styles.filters}>
      <div className={styles.bar}>
        <Button variant="secondary" size="sm" aria-expanded={open ?? undefined} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open === null ? (
            <>
              <span className={styles.wideOnly}>Hide filters</span>
              <span className={styles.narrowOnly}>Filters</span>
            </>
          ) : open ? (
            "Hide filters"
          ) : (
            "Filters"
          )}
          {n > 0 && <span className={styles.count}> ({n} active)</span>}
        </Button>
        {n > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      <form
        id={panelId}
        hidden={open === false}
        className={open === null ? `${styles.panel} ${styles.auto}` : styles.panel}
        onSubmit={apply}
        aria-label="Filters"
      >
        <Select
          label={FILTER_LABELS.category}
          value={draft.category}
          placeholder="Any category"
          options={CATEGORIES.map((c) => ({ value: c, label: c }))}
          onChange={(e) => set("category", e.target.value)}
          disabled={!hydrated}
        />
        <TextField
          label={FILTER_LABELS.skill}
          value={draft.skill}
          maxLength={MAX_SKILL_LENGTH}
          placeholder="e.g. Python"
          onChange={(e) => set("skill", e.target.value)}
          disabled={!hydrated}
        />
        <Select
          label={FILTER_LABELS.language}
          value={draft.language}
          placeholder="Any language"
          options={LANGUAGES.map((l) => ({ value: l, label: l }))}
          onChange={(e) => set("language", e.target.value)}
          disabled={!hydrated}
        />
        <Select
          label={FILTER_LABELS.minRating}
          value={draft.minRating}
          placeholder="Any rating"
          options={["1", "2", "3", "4", "4.5", "5"].map((r) => ({ value: r, label: `${r} ${r === "1" ? "star" : "stars"} or more` }))}
          onChange={(e) => set("minRating", e.target.value)}
          disabled={!hydrated}
        />
        <TextField
          label={FILTER_LABELS.maxCoins}
          type="number"
          inputMode="numeric"
          value={draft.maxCoins}
          placeholder="Any price"
          onChange={(e) => set("maxCoins", e.target.value)}
          disabled={!hydrated}
        />
        <fieldset className={styles.checks} disabled={!hydrated}>
          <legend className="visually-hidden">More filters</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={draft.onlineNow} onChange={(e) => set("onlineNow", e.target.checked)} />
            {FILTER_LABELS.onlineNow}
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={draft.hasTaught} onChange={(e) => set("hasTaught", e.target.checked)} />
            {FILTER_LABELS.hasTaught}
          </label>
        </fieldset>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={!hydrated}>
            Apply filters
          </Button>
        </div>
      </form>
    </div>
  );
}
