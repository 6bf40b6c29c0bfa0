import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { TextArea, TextField } from "../../../components/ui/TextField";
import { MailIcon } from "../../../components/ui/icons";
import { SendContactMessageDocument } from "../../../gql/graphql";
import { MESSAGES } from "../utils/validation";
import styles from "./Contact.module.css";
import forms from "./forms.module.css";
import { useFormAction } from "../../../lib/use-form-action";

/** Name, email, message; all required. Success clears the fields. */
export function ContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const sending = useFormAction();
  const [send] = useMutation(SendContactMessageDocument);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.busy) return;
    const filled = Boolean(name.trim() && email.trim() && message.trim());
    setMissing(!filled);
    if (!filled) return sending.reset();
    await sending.run(
      async () => {
        await send({ variables: { input: { name: name.trim(), email: email.trim(), message: message.trim() } } });
        setName("");
        setEmail("");
        setMessage("");
      },
      // The panel says contactFailed; the server's own words (if it gave any) go under it.
      { success: MESSAGES.contactSent, fallback: "" },
    );
  }

  return (
    <Card as="section" padding="lg" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.cardTitle}>
        Send us a message
      </h2>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        <div className={forms.alerts}>
          {missing ? (
            <Alert variant="danger" title={MESSAGES.contactRequired} />
          ) : sending.error !== null ? (
            <Alert variant="danger" title={MESSAGES.contactFailed}>
              {sending.error || undefined}
            </Alert>
          ) : (
            sending.success && <Alert variant="success" title={sending.success} />
          )}
        </div>
        <div className={styles.pair}>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            maxLength={100}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <TextArea
          label="Message"
          name="message"
          rows={6}
          maxLength={5000}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <div className={styles.submit}>
          <Button type="submit" size="lg" loading={sending.busy} loadingText="Sending..." startIcon={<MailIcon size={18} />}>
            Send Message
          </Button>
        </div>
      </form>
    </Card>
  );
}
