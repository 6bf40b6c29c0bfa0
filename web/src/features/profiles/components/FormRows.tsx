import { CATEGORIES, LANGUAGES, MAX_SKILL_LENGTH } from "../../../../../common/profiles";
import { Button } from "../../../components/ui/Button";
import { CloseIcon } from "../../../components/ui/icons";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import type { Problem, SkillRow } from "../utils/profile-rules";
import styles from "./FormRows.module.css";

export interface Keyed<T> {
  key: number;
  value: T;
}

let nextKey = 1;
export const keyed = <T,>(value: T): Keyed<T> => ({ key: nextKey++, value });

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" iconOnly aria-label={label} title={label} onClick={onClick} className={styles.remove}>
      <CloseIcon size={16} />
    </Button>
  );
}

/**
 * A problem the form shows: one at a row of a list also names that row by its key, so it stays
 * at its row when another row is removed.
 */
export interface ShownProblem extends Problem {
  key?: number;
  /** False for those a refused Submit shows together (the focus goes to the first); else announced as it appears. */
  announced?: boolean;
}

/** The error props of one control of a list: the problem about that row (and that part of it). */
function errorAt(problems: readonly ShownProblem[] | undefined, key: number, part?: Problem["part"]) {
  const p = problems?.find((x) => x.key === key && x.part === part);
  return { error: p?.message, errorAnnounced: p?.announced };
}

/** Language rows: the first one stays; Add Language adds English. Each problem shows at its row. */
export function LanguageRows({
  rows,
  onChange,
  problems,
}: {
  rows: Keyed<string>[];
  onChange: (rows: Keyed<string>[]) => void;
  /** The list's problems; those at a row show there. */
  problems?: readonly ShownProblem[];
}) {
  return (
    <div className={styles.rows}>
      {rows.map((row, i) => (
        <div key={row.key} className={styles.row}>
          <Select
            label={`Language ${i + 1}`}
            hideLabel
            className={styles.grow}
            placeholder="Select a language"
            options={LANGUAGES}
            required
            value={row.value}
            {...errorAt(problems, row.key)}
            onChange={(e) => onChange(rows.map((r) => (r.key === row.key ? { ...r, value: e.target.value } : r)))}
          />
          {i === 0 ? (
            <span className={styles.removeSpacer} aria-hidden="true" />
          ) : (
            <RemoveButton label={`Remove language ${i + 1}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))} />
          )}
        </div>
      ))}
    </div>
  );
}

/** Rows of category + skill; any row may be removed. Each problem shows at its row's control. */
export function SkillRows({
  name,
  rows,
  onChange,
  problems,
}: {
  name: string;
  rows: Keyed<SkillRow>[];
  onChange: (rows: Keyed<SkillRow>[]) => void;
  /** The list's problems; those at a row show at its category or skill. */
  problems?: readonly ShownProblem[];
}) {
  const update = (key: number, patch: Partial<SkillRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, value: { ...r.value, ...patch } } : r)));
  return (
    <div className={styles.rows}>
      {rows.map((row, i) => (
        <div key={row.key} className={styles.skillRow}>
          <Select
            label={`${name} ${i + 1} category`}
            hideLabel
            placeholder="Category"
            options={CATEGORIES}
            required
            value={row.value.category}
            {...errorAt(problems, row.key, "category")}
            onChange={(e) => update(row.key, { category: e.target.value })}
          />
          <TextField
            label={`${name} ${i + 1} skill`}
            hideLabel
            placeholder="Skill, e.g. Python"
            maxLength={MAX_SKILL_LENGTH}
            required
            value={row.value.skill}
            {...errorAt(problems, row.key, "skill")}
            onChange={(e) => update(row.key, { skill: e.target.value })}
          />
          <RemoveButton label={`Remove ${name.toLowerCase()} ${i + 1}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))} />
        </div>
      ))}
    </div>
  );
}
