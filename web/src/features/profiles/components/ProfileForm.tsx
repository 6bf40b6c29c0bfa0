import { useMutation } from "@apollo/client/react";
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { MAX_AMOUNT } from "../../../../../common/profiles";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { FieldError } from "../../../components/ui/Field";
import { Select } from "../../../components/ui/Select";
import { TextField } from "../../../components/ui/TextField";
import { type Gender, type ProfileDetailsQuery, UpdateProfileDocument } from "../../../gql/graphql";
import { GENDER_OPTIONS, isGender } from "../../../lib/gender";
import { checkProfile, DEFAULT_LANGUAGE, type FieldName, MESSAGES, type Problem, type SkillRow } from "../utils/profile-rules";
import { uploadImage } from "../utils/upload-image";
import { type Keyed, keyed, LanguageRows, type ShownProblem, SkillRows } from "./FormRows";
import { ImagePicker } from "./ImagePicker";
import styles from "./ProfileForm.module.css";
import { useFormAction } from "../../../lib/use-form-action";

type Me = NonNullable<ProfileDetailsQuery["me"]>;

const emptySkill = (): SkillRow => ({ category: "", skill: "" });

type ListField = "languages" | "skillsKnown" | "skillsRequired";

/** What a row problem is about: a language row's value, or one control of a skill row. */
const partOf = (value: string | SkillRow, part: Problem["part"]) => (typeof value === "string" || !part ? value : value[part]);

/**
 * Whether a list's problem still holds after its rows changed from `before` to `after`: the
 * list's own message goes with any change, a row's goes when that row (that control) is changed
 * or removed; the other rows keep theirs.
 */
function stillShown<T extends string | SkillRow>(p: ShownProblem, before: Keyed<T>[], after: Keyed<T>[]) {
  if (p.key === undefined) return false;
  const was = before.find((r) => r.key === p.key);
  const is = after.find((r) => r.key === p.key);
  return was !== undefined && is !== undefined && partOf(was.value, p.part) === partOf(is.value, p.part);
}

function Section({
  title,
  description,
  children,
  action,
  error,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
  /** A problem with the list as a whole (none given, too many), under its rows. */
  error?: string;
}) {
  const id = useId();
  return (
    <section role="group" aria-labelledby={id} aria-describedby={error ? `${id}-error` : undefined} className={styles.section}>
      <div>
        <h2 id={id} className={styles.legend}>
          {title}
        </h2>
        {description && <p className={styles.sectionHint}>{description}</p>}
      </div>
      {children}
      {error && (
        // Shown by a refused Submit, which focuses it when it is the first problem (not announced: FieldOwnProps.errorAnnounced).
        <FieldError id={`${id}-error`} tabIndex={-1} data-list-error announce={false}>
          {error}
        </FieldError>
      )}
      {action && <div className={styles.sectionAction}>{action}</div>}
    </section>
  );
}

/** The first wrong control or list's own message, in the form's order: where the student starts fixing. */
function focusFirstProblem(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-list-error]')?.focus();
}

/**
 * The profile details form. Every rule is checked here first (same rules and texts as the
 * server) and every problem shown at once, each at its field; then the picked image is uploaded
 * and the whole profile saved in one mutation.
 */
export function ProfileForm({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const [gender, setGender] = useState<Gender | "">(me.gender ?? "");
  const [languages, setLanguages] = useState<Keyed<string>[]>(() => (me.languages.length ? me.languages : [DEFAULT_LANGUAGE]).map(keyed));
  const [known, setKnown] = useState<Keyed<SkillRow>[]>(() => me.skillsKnown.map((s) => keyed({ category: s.category, skill: s.skill })));
  const [required, setRequired] = useState<Keyed<SkillRow>[]>(() =>
    (me.skillsRequired.length ? me.skillsRequired.map((s) => ({ category: s.category, skill: s.skill })) : [emptySkill()]).map(keyed),
  );
  const [amount, setAmount] = useState(String(me.amount ?? 0));
  // A number field reports what it cannot read ("-", "1e") as empty: refused, not saved as 0.
  const [amountUnreadable, setAmountUnreadable] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  // Every problem of the last refused Submit (or picked file) still standing, each shown at its field.
  const [problems, setProblems] = useState<ShownProblem[]>([]);
  // A problem of the checks with no field on the form (days): beside Submit.
  const [formRefusal, setFormRefusal] = useState<string | null>(null);
  const saving = useFormAction();
  const saved = saving.done;
  const [uploading, setUploading] = useState(false);
  const [update] = useMutation(UpdateProfileDocument);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by each refused Submit: focus goes to the first wrong field then (not while typing).
  const [attempt, setAttempt] = useState(0);
  const busy = uploading || saving.busy || saved;
  // A problem the checks tie to a field shows at that field; the others and the server's refusals beside Submit.
  const at = (field: FieldName) => problems.filter((p) => p.field === field);
  const errorOf = (field: FieldName) => {
    const p = problems.find((x) => x.field === field);
    return { error: p?.message, errorAnnounced: p?.announced };
  };
  const listError = (field: ListField) => problems.find((p) => p.field === field && p.index === undefined)?.message;
  const refusal = formRefusal ?? saving.error;

  useLayoutEffect(() => {
    if (attempt) focusFirstProblem(formRef.current);
  }, [attempt]);

  useEffect(() => {
    if (refusal || saved) alertRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [refusal, saved]);

  /** Editing the field that was wrong takes its message away. */
  const edited = (field: "gender" | "amount") => setProblems((ps) => ps.filter((p) => p.field !== field));

  /** Changing a list's rows takes away the messages they answer (see stillShown). */
  function editedRows<T extends string | SkillRow>(field: ListField, before: Keyed<T>[], after: Keyed<T>[]) {
    setProblems((ps) => ps.filter((p) => p.field !== field || stillShown(p, before, after)));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = {
      gender,
      languages: languages.map((l) => l.value),
      skillsKnown: known.map((k) => k.value),
      skillsRequired: required.map((r) => r.value),
      // Not a whole number: the shared rule refuses it with the amount message.
      amount: amountUnreadable ? "unreadable" : amount,
      days: me.days,
    };
    const checked = checkProfile(values, { hasCurrent: Boolean(me.image), file });
    // A row's problem is kept with that row's key: it stays at its row if another is removed.
    const rowsOf: Record<ListField, Keyed<unknown>[]> = { languages, skillsKnown: known, skillsRequired: required };
    const keyOf = (p: Problem) =>
      p.index !== undefined && (p.field === "languages" || p.field === "skillsKnown" || p.field === "skillsRequired")
        ? rowsOf[p.field][p.index]?.key
        : undefined;
    const found = checked.ok ? [] : checked.problems;
    // Shown together, not announced one by one: the focus goes to the first (its description reads it).
    setProblems(found.flatMap((p) => (p.field ? [{ ...p, key: keyOf(p), announced: false }] : [])));
    setFormRefusal(found.find((p) => !p.field)?.message ?? null);
    if (!checked.ok) {
      saving.reset();
      setAttempt((n) => n + 1);
      return;
    }
    // What the server stores: trimmed, whitespace collapsed, repeats once, an empty amount 0.
    const { profile } = checked;
    const rows = (skills: SkillRow[]) => skills.map(({ category, skill }) => ({ category, skill }));
    await saving.run(async () => {
      let image: string | undefined;
      if (file) {
        setUploading(true);
        image = await uploadImage(file).finally(() => setUploading(false));
      }
      await update({
        variables: {
          input: {
            gender: gender || null,
            languages: profile.languages,
            skillsKnown: rows(profile.skillsKnown),
            skillsRequired: rows(profile.skillsRequired),
            amount: profile.amount,
            days: profile.days,
            ...(image ? { image } : {}),
          },
        },
      });
      onSaved();
    });
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={refusal ? "profile-problem" : undefined}>
      <Card padding="lg" className={styles.card}>
        <Section title="About you">
          <div className={styles.aboutGrid}>
            <ImagePicker
              current={me.image}
              name={me.name}
              file={file}
              {...errorOf("image")}
              onPick={(picked, pickProblem) => {
                setFile(picked);
                setProblems((ps) => [...ps.filter((p) => p.field !== "image"), ...(pickProblem ? [pickProblem] : [])]);
              }}
            />
            <Select
              label="Gender"
              placeholder="Select your gender"
              options={GENDER_OPTIONS}
              required
              value={gender}
              onChange={(e) => {
                setGender(isGender(e.target.value) ? e.target.value : "");
                edited("gender");
              }}
              {...errorOf("gender")}
            />
          </div>
        </Section>

        <Section
          title="Languages Known"
          error={listError("languages")}
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const rows = [...languages, keyed(DEFAULT_LANGUAGE)];
                setLanguages(rows);
                editedRows("languages", languages, rows);
              }}
            >
              Add Language
            </Button>
          }
        >
          <LanguageRows
            rows={languages}
            onChange={(rows) => {
              setLanguages(rows);
              editedRows("languages", languages, rows);
            }}
            problems={at("languages")}
          />
        </Section>

        <Section
          title="Skills Known"
          description="What you can teach."
          error={listError("skillsKnown")}
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const rows = [...known, keyed(emptySkill())];
                setKnown(rows);
                editedRows("skillsKnown", known, rows);
              }}
            >
              Add Skill Known
            </Button>
          }
        >
          {known.length === 0 && <p className={styles.none}>No skills added yet.</p>}
          <SkillRows
            name="Skill known"
            rows={known}
            onChange={(rows) => {
              setKnown(rows);
              editedRows("skillsKnown", known, rows);
            }}
            problems={at("skillsKnown")}
          />
        </Section>

        <Section
          title="Skills Required"
          description="What you want to learn."
          error={listError("skillsRequired")}
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const rows = [...required, keyed(emptySkill())];
                setRequired(rows);
                editedRows("skillsRequired", required, rows);
              }}
            >
              Add Skill Required
            </Button>
          }
        >
          {required.length === 0 && <p className={styles.none}>Add at least one skill you want to learn.</p>}
          <SkillRows
            name="Skill required"
            rows={required}
            onChange={(rows) => {
              setRequired(rows);
              editedRows("skillsRequired", required, rows);
            }}
            problems={at("skillsRequired")}
          />
        </Section>

        <Section title="Skill Coins per course">
          <TextField
            label="Skill Coins per course"
            hideLabel
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_AMOUNT}
            step={1}
            inputClassName={styles.amount}
            hint="What a student pays you per course when they pay instead of swapping."
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountUnreadable(e.target.validity.badInput);
              edited("amount");
            }}
            {...errorOf("amount")}
          />
        </Section>
      </Card>

      <div ref={alertRef} className={styles.footer}>
        {refusal && (
          <Alert id="profile-problem" variant="danger">
            {refusal}
          </Alert>
        )}
        {saved && <Alert variant="success">{MESSAGES.success}</Alert>}
        <Button
          type="submit"
          size="lg"
          loading={busy && !saved}
          loadingText={uploading ? "Uploading image..." : "Saving..."}
          disabled={saved}
        >
          Submit
        </Button>
      </div>
    </form>
  );
}
