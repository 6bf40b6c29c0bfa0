import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Navigate } from "react-router";
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, MAX_API_KEYS } from "../../../../../common/api-keys";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Button, ButtonLink, buttonClassName } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { TextField } from "../../../components/ui/TextField";
import { type ApiKeyFieldsFragment, ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { errorCode, errorText } from "../../../lib/graphql-errors";
import { paths } from "../../../lib/paths";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";
import styles from "./ApiKeysPage.module.css";

export const API_KEY_TEXTS = {
  intro:
    "A read-only key lets a site, bot or dashboard read public Skill Exchange data, such as the leaderboard, without your password. A key can never change anything or see your private data, and you can revoke it at any time.",
  secretTitle: "Copy your new key now",
  secretNote: "You will not see it again: Skill Exchange keeps only a fingerprint of it. If you lose it, revoke it and create a new one.",
  copied: "The key is copied.",
  copyFailed: "The key could not be copied here: it is selected, copy it yourself.",
  empty: "No API keys yet",
  emptyHint: "Create one for each site or bot that should read the leaderboard, so you can revoke one without the others.",
  never: "Never",
  revoked: (name: string) => `"${name}" was revoked: anything using it stops working now.`,
  created: (name: string) => `"${name}" was created.`,
};

/** Trimmed name, or the reason it cannot be sent (the server checks the same). */
function nameProblem(name: string): string | null {
  const clean = name.trim();
  if (!clean) return API_KEY_MESSAGES.nameRequired;
  if (clean.length > API_KEY_NAME_MAX) return API_KEY_MESSAGES.nameTooLong;
  return null;
}

/**
 * /settings/api-keys: the student's read-only API keys for integrators. Create one by name (its
 * secret is shown once, with a Copy button), see each key's first characters, when it was created
 * and last used, and revoke one after a confirmation.
 */
export function ApiKeysPage() {
  const keys = useQuery(ApiKeysDocument, { fetchPolicy: "cache-and-network" });
  const [create] = useMutation(CreateApiKeyDocument, {
    update(cache, { data }) {
      const key = data?.createApiKey.key;
      if (key) cache.updateQuery({ query: ApiKeysDocument }, (prev) => (prev ? { apiKeys: [key, ...prev.apiKeys] } : prev));
    },
  });
  const [revoke] = useMutation(RevokeApiKeyDocument, {
    update(cache, { data }) {
      const id = data?.revokeApiKey.id;
      if (id) cache.updateQuery({ query: ApiKeysDocument }, (prev) => (prev ? { apiKeys: prev.apiKeys.filter((k) => k.id !== id) } : prev));
    },
  });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const creating = useFormAction();
  const [fresh, setFresh] = useState<{ id: string; name: string; secret: string } | null>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState<ApiKeyFieldsFragment | null>(null);
  const revoking = useFormAction();
  // Copy's and Revoke's answers, at the bottom of the screen (the list runs below the fold on a phone).
  const answer = useActionFeedback();

  // A new secret is what the student came for: focused (which selects it), ready for Ctrl+C or the Copy button.
  const freshId = fresh?.id;
  useEffect(() => {
    if (freshId) secretInput.current?.focus();
  }, [freshId]);

  if (errorCode(keys.error) === "UNAUTHENTICATED") return <Navigate to={paths.register} replace />;
  const list = keys.data?.apiKeys ?? [];
  const full = list.length >= MAX_API_KEYS;

  function refuseName(message: string) {
    setNameError(message);
    nameInput.current?.focus();
  }

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    answer.clear();
    const problem = nameProblem(name);
    if (problem) return refuseName(problem);
    setNameError(null);
    const result = await creating.run(() => create({ variables: { name: name.trim() } }), {
      onError: (e) => {
        if (errorCode(e) !== "BAD_USER_INPUT") return undefined;
        refuseName(errorText(e));
        return null;
      },
    });
    const made = result?.data?.createApiKey;
    if (!made) return;
    setName("");
    setFresh({ id: made.key.id, name: made.key.name, secret: made.secret });
    answer.show({ variant: "success", text: API_KEY_TEXTS.created(made.key.name) });
  }

  async function copySecret() {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh.secret);
      answer.show({ variant: "success", text: API_KEY_TEXTS.copied });
    } catch {
      secretInput.current?.select();
      answer.show({ variant: "warning", text: API_KEY_TEXTS.copyFailed });
    }
  }

  async function onRevoke() {
    const key = confirming;
    if (!key) return;
    const done = await revoking.run(() => revoke({ variables: { id: key.id } }));
    if (!done) return;
    setConfirming(null);
    if (fresh?.id === key.id) setFresh(null);
    answer.show({ variant: "success", text: API_KEY_TEXTS.revoked(key.name) });
  }

  return (
    <Page width="narrow">
      <title>API keys · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.notificationSettings} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Notification settings
          </ButtonLink>
        }
        title="API keys"
        description={API_KEY_TEXTS.intro}
        actions={
          <>
            {/* The server's own pages (not the app's routes): what a key reads, and where to try it. */}
            <a className={buttonClassName({ variant: "secondary", size: "sm" })} href="/api/docs">
              REST API reference
            </a>
            <a className={buttonClassName({ variant: "ghost", size: "sm" })} href="/sandbox">
              GraphQL sandbox
            </a>
          </>
        }
      />
      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="new-key-title">
          <h2 id="new-key-title" className={styles.title}>
            Create a key
          </h2>
          <form className={styles.form} onSubmit={onCreate} noValidate>
            <TextField
              ref={nameInput}
              label="Name"
              name="name"
              autoComplete="off"
              hint={`What will use it, e.g. "Club website" (at most ${API_KEY_NAME_MAX} characters).`}
              value={name}
              error={nameError}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
                creating.reset();
              }}
              className={styles.nameField}
            />
            <Button type="submit" loading={creating.busy} loadingText="Creating..." disabled={full}>
              Create key
            </Button>
          </form>
          {full && (
            <p className={styles.muted} role="note">
              {API_KEY_MESSAGES.tooMany}
            </p>
          )}
          {creating.error && <Alert variant="danger">{creating.error}</Alert>}
        </section>

        {fresh && (
          <section className={styles.secret} aria-labelledby="secret-title">
            <h2 id="secret-title" className={styles.title}>
              {API_KEY_TEXTS.secretTitle}
            </h2>
            <Alert variant="warning" role="note">
              {API_KEY_TEXTS.secretNote}
            </Alert>
            <label htmlFor="api-key-secret" className={styles.secretLabel}>
              Key for <span dir="auto">{fresh.name}</span>
            </label>
            <div className={styles.secretRow}>
              <input
                id="api-key-secret"
                ref={secretInput}
                className={styles.secretValue}
                readOnly
                value={fresh.secret}
                spellCheck={false}
                autoComplete="off"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button onClick={() => void copySecret()}>Copy</Button>
            </div>
            <p className={styles.muted}>
              Send it as <code>Authorization: Bearer {fresh.secret.slice(0, 8)}...</code> with <code>GET /api/leaderboard</code> or{" "}
              <code>POST /graphql</code>.
            </p>
            <div>
              <Button variant="secondary" onClick={() => setFresh(null)}>
                Done, I saved it
              </Button>
            </div>
          </section>
        )}

        <section className={styles.section} aria-labelledby="keys-title">
          <h2 id="keys-title" className={styles.title}>
            Your keys{" "}
            {keys.data && (
              <span className={styles.count}>
                ({list.length} of {MAX_API_KEYS})
              </span>
            )}
          </h2>
          {keys.data ? (
            list.length === 0 ? (
              <EmptyState as="h3" title={API_KEY_TEXTS.empty} description={API_KEY_TEXTS.emptyHint} />
            ) : (
              <ul role="list" className={styles.list}>
                {list.map((k) => (
                  <li key={k.id} className={styles.key}>
                    <div className={styles.keyText}>
                      <span className={styles.keyName} dir="auto">
                        {k.name}
                      </span>
                      <code className={styles.prefix} aria-label={`Starts with ${k.prefix}`}>
                        {k.prefix}...
                      </code>
                      <dl className={styles.times}>
                        <div>
                          <dt>Created</dt>
                          <dd>{formatDate(k.createdAt)}</dd>
                        </div>
                        <div>
                          <dt>Last used</dt>
                          <dd>{k.lastUsedAt ? formatDate(k.lastUsedAt, "dateTime") : API_KEY_TEXTS.never}</dd>
                        </div>
                      </dl>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      className={styles.revoke}
                      aria-haspopup="dialog"
                      aria-label={`Revoke ${k.name}`}
                      onClick={() => {
                        answer.clear();
                        revoking.reset();
                        setConfirming(k);
                      }}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : keys.error ? (
            <LoadError message="Your API keys could not be loaded." onRetry={() => keys.refetch()} />
          ) : (
            <LoadingBlock label="Loading..." />
          )}
        </section>
      </div>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        size="sm"
        title={
          <>
            Revoke <span dir="auto">{confirming?.name}</span>?
          </>
        }
        description="Anything using this key stops working at once. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onRevoke()} loading={revoking.busy} loadingText="Revoking...">
              Revoke key
            </Button>
          </>
        }
      >
        {revoking.error && <Alert variant="danger">{revoking.error}</Alert>}
      </Dialog>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Page>
  );
}
