import { Page } from "../../components/layouts/Page";
import { PageHeader } from "../../components/ui/PageHeader";
import { ContactForm } from "../../features/accounts/components/ContactForm";
import { ContactAside } from "../../features/accounts/components/ContactAside";
import styles from "../../features/accounts/components/Contact.module.css";

/** /contact: Get in Touch. Anyone may write; the message is stored and mailed to the team. */
export function Component() {
  return (
    <Page>
      <title>Contact Us · Skill Exchange</title>
      <PageHeader
        eyebrow="Contact Us"
        title="Get in Touch"
        description="Questions, ideas or trouble with an exchange? Send us a message and the team will write back by email."
      />
      <div className={styles.layout}>
        <ContactForm />
        <ContactAside />
      </div>
    </Page>
  );
}
