import { ButtonLink } from "../../../components/ui/Button";
import { paths } from "../../../lib/paths";
import styles from "./ApiKeysEntry.module.css";

/** On the settings page: where a student finds their API keys for sites and bots. */
export function ApiKeysEntry() {
  return (
    <section className={styles.section} aria-labelledby="api-keys-entry-title">
      <h2 id="api-keys-entry-title" className={styles.title}>
        API keys
      </h2>
      <p className={styles.text}>Read-only keys for a site, bot or dashboard that shows the leaderboard.</p>
      <div>
        <ButtonLink to={paths.apiKeys} variant="secondary">
          Manage API keys
        </ButtonLink>
      </div>
    </section>
  );
}
