import { CATEGORIES, LANGUAGES, MAX_SKILL_LENGTH } from "../../../../../common/profiles";
import { Button } from "../../../components/ui/Button";
import { CloseIcon } from "../../../components/ui/icons";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import type { SkillRow } from "../utils/profile-rules";
import styles from "./ProfileForm.module.css";

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

/** Language rows: the first one stays; Add Language adds English. */
export function LanguageRows({ rows, onChange, invalid }: { rows: Keyed<string>[]; onChange: (rows: Keyed<string>[]) => void; invalid?: boolean }) {
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
            aria-invalid={(invalid && !row.value) || undefined}
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

/** Rows of category + skill; any row may be removed. */
export function SkillRows({
  name,
  rows,
  onChange,
  invalid,
}: {
  name: string;
  rows: Keyed<SkillRow>[];
  onChange: (rows: Keyed<SkillRow>[]) => void;
  invalid?: boolean;
}) {
  const update = (key: number, patch: Partial<SkillRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, value: { ...r.value, ...patch } } : r)));
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
            aria-invalid={(invalid && !row.value.category) || undefined}
            onChange={(e) => update(row.key, { category: e.target.value })}
          />
          <TextField
            label={`${name} ${i + 1} skill`}
            hideLabel
            placeholder="Skill, e.g. Python"
            maxLength={MAX_SKILL_LENGTH}
            required
            value={row.value.skill}
            aria-invalid={(invalid && !row.value.skill.trim()) || undefined}
            onChange={(e) => update(row.key, { skill: e.target.value })}
          />
          <RemoveButton label={`Remove ${name.toLowerCase()} ${i + 1}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))} />
        </div>
      ))}
    </div>
  );
}
