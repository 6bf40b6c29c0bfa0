import { ChatIcon, MailIcon, UsersIcon } from "../../../components/ui/icons";
import { site } from "../../../lib/site";
import styles from "./Contact.module.css";

/** Other ways to reach the team, beside the form. */
export function ContactAside() {
  return (
    <aside className={styles.aside} aria-label="Other ways to reach us">
      <div className={styles.fact}>
        <span className={styles.factIcon} aria-hidden="true">
          <MailIcon size={20} />
        </span>
        <div>
          <h2 className={styles.factTitle}>Email</h2>
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
        </div>
      </div>
      <div className={styles.fact}>
        <span className={styles.factIcon} aria-hidden="true">
          <UsersIcon size={20} />
        </span>
        <div>
          <h2 className={styles.factTitle}>Run by students</h2>
          <p>We read every message ourselves and usually answer within two working days.</p>
        </div>
      </div>
      <div className={styles.fact}>
        <span className={styles.factIcon} aria-hidden="true">
          <ChatIcon size={20} />
        </span>
        <div>
          <h2 className={styles.factTitle}>Reporting a partner?</h2>
          <p>Use Report in the chat: it ends the exchange at once. Write here if you need more help.</p>
        </div>
      </div>
    </aside>
  );
}
