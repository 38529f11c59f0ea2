import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal, type FormModalProps } from '../../../components/ui/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import styles from './admin.module.css';

/**
 * An operator's decision with a written note (a reason, a resolution): the note goes to the
 * audit and, where the action says so, to the person it concerns. The server's refusal shows
 * inside the dialog; on success the caller closes it.
 */
export function NoteDialog({
  intro,
  label,
  hint,
  required,
  requiredMessage,
  failed,
  onSubmit,
  children,
  ...dialog
}: Pick<FormModalProps, 'title' | 'describedBy' | 'submitLabel' | 'pendingLabel' | 'danger' | 'onClose'> & {
  /** What the decision is about, above the form's fields. */
  intro: ReactNode;
  label: string;
  hint?: string;
  required: boolean;
  requiredMessage: string;
  /** What to say when the call fails without a message of the server's. */
  failed: string;
  /** Resolves when done; rejects with the server's error. */
  onSubmit: (note: string) => Promise<void>;
  /** The decision's choices, between the intro and the note. */
  children?: ReactNode;
}) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const text = note.trim();
    if (required && !text) {
      setNoteError(requiredMessage);
      return;
    }
    setNoteError(undefined);
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(text);
    } catch (error) {
      setFailure(errorMessage(error, failed));
      setPending(false);
    }
  };

  return (
    <FormModal {...dialog} onSubmit={submit} pending={pending} closeOnBackdrop={note === ''}>
      {intro}
      {failure && <Alert kind="error">{failure}</Alert>}
      {children}
      <FormField label={label} required={required} error={noteError} hint={hint}>
        <textarea
          className="textarea"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}

/** One of a few outcomes, as radio buttons under a legend. */
export function RadioChoices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  labelOf,
}: {
  legend: string;
  /** The radio group's name, made unique on the page. */
  name: string;
  choices: readonly T[];
  value: T;
  onChange: (choice: T) => void;
  labelOf: (choice: T) => string;
}) {
  const id = useId();
  return (
    <fieldset className={`plain-fieldset ${styles.choices}`}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} className="checkbox">
          <input
            type="radio"
            name={`${id}-${name}`}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {labelOf(choice)}
        </label>
      ))}
    </fieldset>
  );
}
