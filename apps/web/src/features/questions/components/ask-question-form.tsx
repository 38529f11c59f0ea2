import { questionMessages as m, QUESTION_MAX, QUESTION_MIN } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contactWarning } from '../../../lib/contact-warning.ts';
import { useAskQuestion } from '../api/questions.ts';
import styles from './questions.module.css';

/** The ask form: warns of contact data as one types, checks the length on sending. */
export function AskQuestionForm({ productId }: { productId: number }) {
  const [text, setText] = useState('');
  const [lengthError, setLengthError] = useState<string>();
  const [sent, setSent] = useState(false);
  const ask = useAskQuestion();
  const warning = contactWarning(text);
  const serverError = ask.isError ? errorMessage(ask.error, m.sendError) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < QUESTION_MIN) return setLengthError(m.textTooShort);
    if (warning) return;
    ask.mutate(
      { productId, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          setSent(true);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormField label={m.askLabel} hint={m.askHint} error={warning ?? lengthError}>
        <textarea
          className="textarea"
          name="question"
          rows={3}
          maxLength={QUESTION_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setLengthError(undefined);
            setSent(false);
            if (ask.isError) ask.reset();
          }}
        />
      </FormField>
      <div className={styles.formFooter}>
        <span className={`muted ${styles.count}`} aria-hidden="true">
          {text.length}/{QUESTION_MAX}
        </span>
        <Button type="submit" variant="primary" busy={ask.isPending} disabled={Boolean(warning)}>
          {m.askButton}
        </Button>
      </div>
      {serverError && <Alert kind="error">{serverError}</Alert>}
      {sent && <Alert kind="success">{m.asked}</Alert>}
    </form>
  );
}
