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
import { serverMessage } from "../../../lib/graphql-errors";

type Notice = { variant: "danger" | "success"; title: string; detail?: string };

/** Name, email, message; all required. Success clears the fields. */
export function ContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [send, { loading }] = useMutation(SendContactMessageDocument);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!name.trim() || !email.trim() || !message.trim()) {
      setNotice({ variant: "danger", title: MESSAGES.contactRequired });
      return;
    }
    setNotice(null);
    try {
      await send({ variables: { input: { name: name.trim(), email: email.trim(), message: message.trim() } } });
      setName("");
      setEmail("");
      setMessage("");
      setNotice({ variant: "success", title: MESSAGES.contactSent });
    } catch (error) {
      setNotice({ variant: "danger", title: MESSAGES.contactFailed, detail: serverMessage(error) });
    }
  }

  return (
    <Card as="section" padding="lg" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.cardTitle}>
        Send us a message
      </h2>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        <div className={forms.alerts}>
          {notice && (
            <Alert variant={notice.variant} title={notice.title}>
              {notice.detail}
            </Alert>
          )}
        </div>
        <div className={styles.pair}>
          <TextField label="Name" name="name" autoComplete="name" maxLength={100} required value={name} onChange={(e) => setName(e.target.value)} />
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
        <TextArea label="Message" name="message" rows={6} maxLength={5000} required value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className={styles.submit}>
          <Button type="submit" size="lg" loading={loading} loadingText="Sending..." startIcon={<MailIcon size={18} />}>
            Send Message
          </Button>
        </div>
      </form>
    </Card>
  );
}
