import { useMutation } from "@apollo/client/react";
import { type FormEvent, useRef, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { TextArea, TextField } from "../../../components/ui/TextField";
import { MailIcon } from "../../../components/ui/icons";
import { SendContactMessageDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { MESSAGES } from "../utils/validation";
import styles from "./Contact.module.css";
import forms from "./forms.module.css";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";

/** Name, email, message; all required. Success clears the fields. */
export function ContactForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const sending = useFormAction();
  // Every answer at the bottom of the screen: the top of the form is far above Send on a phone.
  const answer = useActionFeedback();
  const [send] = useMutation(SendContactMessageDocument);
  // After a refused Send: the empty fields are marked invalid, and the first of them has focus.
  const [checked, setChecked] = useState(false);
  const fields = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  // At the field, quietly (the bar announces the spec's "All fields are required."; focus reads the field's).
  const missing = (value: string) => (checked && !value.trim() ? { error: "Required", errorAnnounced: false } : {});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.busy) return;
    answer.clear();
    const empty = (
      [
        [name, fields.name],
        [email, fields.email],
        [message, fields.message],
      ] as const
    ).find(([value]) => !value.trim());
    if (empty) {
      setChecked(true);
      empty[1].current?.focus();
      return answer.show({ variant: "danger", text: MESSAGES.contactRequired });
    }
    await sending.run(
      async () => {
        await send({ variables: { input: { name: name.trim(), email: email.trim(), message: message.trim() } } });
        setName("");
        setEmail("");
        setMessage("");
        setChecked(false);
        answer.show({ variant: "success", text: MESSAGES.contactSent });
      },
      {
        // The panel says contactFailed; the server's own words (if it gave any) go under it.
        onError: (e) => {
          const said = errorText(e, "");
          answer.show({ variant: "danger", text: MESSAGES.contactFailed, action: said || undefined });
          return null;
        },
      },
    );
  }

  return (
    <Card as="section" padding="lg" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.cardTitle}>
        Send us a message
      </h2>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        <div className={styles.pair}>
          <TextField
            ref={fields.name}
            label="Name"
            name="name"
            {...missing(name)}
            autoComplete="name"
            maxLength={100}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            ref={fields.email}
            label="Email"
            name="email"
            {...missing(email)}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <TextArea
          ref={fields.message}
          label="Message"
          name="message"
          {...missing(message)}
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
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Card>
  );
}
