import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  type DirectoryFilters,
  filtersToParams,
  SAVED_SEARCH_MAX,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  savedSearchName,
} from "../../../../../common/discovery";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/TextField";
import {
  DeleteSavedSearchDocument,
  SavedSearchesDocument,
  SaveSearchDocument,
  type SavedSearchFieldsFragment,
  SetSavedSearchAlertsDocument,
} from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { useHydrated } from "../../../lib/hydrated";
import { type DirectoryUrlState, filtersInput, SAVED_SEARCH_PARAM } from "../hooks/use-directory-filters";
import styles from "./SavedSearches.module.css";

/** A `?saved=` link to a saved search the student has since deleted (or another student's). */
export const SAVED_SEARCH_GONE = "That saved search no longer exists: it may have been deleted.";

const filtersOf = (s: SavedSearchFieldsFragment): DirectoryFilters => {
  const f = s.filters;
  const out: DirectoryFilters = {};
  if (f.category) out.category = f.category;
  if (f.skill) out.skill = f.skill;
  if (f.language) out.language = f.language;
  if (f.minRating != null) out.minRating = f.minRating;
  if (f.maxCoins != null) out.maxCoins = f.maxCoins;
  if (f.onlineNow) out.onlineNow = true;
  if (f.hasTaught) out.hasTaught = true;
  return out;
};

/** What a saved search shows: its filters, and its text search if it has one. */
export const savedView = (s: SavedSearchFieldsFragment): SavedView => ({
  filters: filtersOf(s),
  search: s.query ? { query: s.query, filter: s.field } : null,
});

export type SavedView = Parameters<DirectoryUrlState["show"]>[0];

/** Whether the dashboard shows exactly `view` now (the open saved search is marked). */
const showing = (state: DirectoryUrlState, view: SavedView) =>
  String(new URLSearchParams(filtersToParams(state.filters))) === String(new URLSearchParams(filtersToParams(view.filters))) &&
  (state.search?.query ?? "") === (view.search?.query ?? "") &&
  (state.search ? state.search.filter : null) === (view.search ? view.search.filter : null);

/**
 * Save the current search and filters (at most five; the server refuses more), open or delete a
 * saved one, turn its alerts off or on. Saved searches announce new matching students at most once
 * a day.
 */
export function SavedSearches({ state, onOpen }: { state: DirectoryUrlState; onOpen: (view: SavedView) => void }) {
  // Cache-first: the dashboard's loader asks for them afresh on every visit (preloadDashboard).
  const list = useQuery(SavedSearchesDocument);
  const [save, saving] = useMutation(SaveSearchDocument, { refetchQueries: [SavedSearchesDocument] });
  const [remove] = useMutation(DeleteSavedSearchDocument, { refetchQueries: [SavedSearchesDocument] });
  const [setAlerts] = useMutation(SetSavedSearchAlertsDocument);
  const [name, setName] = useState("");
  // The form waits for the page's JavaScript (a page the server rendered shows it before): a name
  // typed before would not be in its state.
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const saved = list.data?.savedSearches ?? [];
  const canSave = state.active || Boolean(state.search);

  async function onSave(e: FormEvent) {
    e.preventDefault();
    // The app's own message at the field, as the server words it (not the browser's bubble).
    const kept = savedSearchName(name);
    if (!kept) {
      setNameError(SAVED_SEARCH_MESSAGES.name);
      nameInput.current?.focus();
      return;
    }
    try {
      await save({
        variables: {
          input: {
            name: kept,
            query: state.search?.query ?? "",
            field: state.search?.filter ?? "NAME",
            filters: filtersInput(state.filters),
          },
        },
      });
      setName("");
      setMessage({ ok: true, text: "Search saved. We will tell you when new students match it." });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, "The search could not be saved.") });
    }
  }

  /** Runs a change to one saved search; a refusal is said, not swallowed. */
  /** `done`: what to say once it worked (a deleted search leaves no other trace on the screen). */
  async function change(work: Promise<unknown>, failed: string, done?: string) {
    try {
      await work;
      setMessage(done ? { ok: true, text: done } : null);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, failed) });
    }
  }

  function open(s: SavedSearchFieldsFragment) {
    onOpen(savedView(s));
    setMessage({ ok: true, text: `Showing your saved search “${s.name}”.` });
  }

  // A link to one saved search (`?saved={id}`, its alert mail's): opened once the list is here.
  const [params, setParams] = useSearchParams();
  const linked = params.get(SAVED_SEARCH_PARAM);
  const loaded = list.data !== undefined;
  useEffect(() => {
    if (!linked || !loaded) return;
    const s = saved.find((x) => x.id === linked);
    if (s) return open(s); // showing it drops the parameter
    setMessage({ ok: false, text: SAVED_SEARCH_GONE });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(SAVED_SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
    // Once per link: `open` and `saved` change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked, loaded]);

  return (
    <section aria-labelledby="saved-heading" className={styles.saved}>
      <h3 id="saved-heading" className={styles.heading}>
        Saved searches{" "}
        <span className={styles.meta}>
          ({saved.length} of {SAVED_SEARCH_MAX})
        </span>
      </h3>
      {canSave && (
        <form className={styles.saveForm} onSubmit={(e) => void onSave(e)} aria-label="Save this search" noValidate>
          <TextField
            ref={nameInput}
            label="Name of this search"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
            placeholder="e.g. Python in Tamil"
            error={nameError ?? undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            disabled={!hydrated}
          />
          <Button type="submit" variant="secondary" loading={saving.loading} loadingText="Saving..." disabled={!hydrated}>
            Save search
          </Button>
        </form>
      )}
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? styles.ok : styles.error}>
          {message.text}
        </p>
      )}
      {saved.length > 0 && (
        <ul className={styles.list}>
          {saved.map((s) => (
            <li key={s.id} className={styles.item}>
              <button
                type="button"
                className={styles.open}
                aria-current={showing(state, savedView(s)) || undefined}
                onClick={() => open(s)}
                dir="auto"
              >
                {s.name}
              </button>
              <label className={styles.alerts} title="Tell me when new students match">
                <input
                  type="checkbox"
                  checked={s.alertsOn}
                  aria-label={`Alerts for ${s.name}`}
                  onChange={(e) =>
                    void change(
                      setAlerts({
                        variables: { id: s.id, on: e.target.checked },
                        optimisticResponse: { setSavedSearchAlerts: { ...s, __typename: "SavedSearch", alertsOn: e.target.checked } },
                      }),
                      "The alerts could not be changed.",
                    )
                  }
                />
                Alerts
              </label>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete saved search ${s.name}`}
                onClick={() => void change(remove({ variables: { id: s.id } }), "The search could not be deleted.", `Deleted “${s.name}”.`)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
