import { vacationMessages as m, marketDay, SetVacationSchema, VACATION_MESSAGE_MAX } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetVacation } from '../api/vacation.ts';
import styles from './vacation.module.css';

type Outcome = { kind: 'success' | 'error'; message: string } | null;
type Errors = { away_until?: string; message?: string };

/**
 * 'Modo vacaciones' in a seller's settings: the last day away and an optional message, saved or
 * ended. The profile it comes from carries the current vacation (null when not away).
 */
export function VacationSettings({
  awayUntil,
  awayMessage,
}: {
  awayUntil: string | null;
  awayMessage: string | null;
}) {
  const save = useSetVacation();
  const [day, setDay] = useState(awayUntil ?? '');
  const [message, setMessage] = useState(awayMessage ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const today = marketDay(new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    if (!day.trim()) {
      setErrors({ away_until: m.dateRequired });
      return;
    }
    const parsed = SetVacationSchema.safeParse({ away_until: day, message });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'message' ? 'message' : 'away_until';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    // The browser's clock only helps; the server decides by its own.
    if (parsed.data.away_until && parsed.data.away_until < today) {
      setErrors({ away_until: m.datePast });
      return;
    }
    setErrors({});
    save.mutate(
      { away_until: parsed.data.away_until, message: parsed.data.message },
      {
        onSuccess: (answer) => setOutcome({ kind: 'success', message: answer.message }),
        onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error, m.saveError) }),
      },
    );
  };

  const end = () => {
    if (save.isPending) return;
    setOutcome(null);
    setErrors({});
    save.mutate(
      { away_until: null },
      {
        onSuccess: (answer) => {
          setDay('');
          setMessage('');
          setOutcome({ kind: 'success', message: answer.message });
        },
        onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error, m.saveError) }),
      },
    );
  };
  const ending = save.isPending && save.variables?.away_until === null;

  return (
    <section aria-labelledby="vacation-title" className="stack">
      <h2 id="vacation-title" className={styles.sectionTitle}>
        {m.title}
      </h2>
      <p className="flush">{m.intro}</p>
      <p className="flush" role="status">
        <strong>{awayUntil ? m.active(awayUntil) : m.inactive}</strong>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={m.title}>
        <FormField label={m.dateLabel} error={errors.away_until}>
          <input
            className="input"
            type="date"
            name="away_until"
            min={today}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </FormField>
        <FormField label={m.messageLabel} error={errors.message}>
          <textarea
            className="input"
            name="message"
            rows={3}
            maxLength={VACATION_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </FormField>
        <div className={styles.actions}>
          <Button type="submit" variant="accent" busy={save.isPending && !ending}>
            {save.isPending && !ending ? m.saving : m.save}
          </Button>
          {awayUntil && (
            <Button onClick={end} busy={ending}>
              {ending ? m.ending : m.end}
            </Button>
          )}
        </div>
      </form>
      {outcome ? (
        <Alert kind={outcome.kind} className={styles.outcome}>
          {outcome.message}
        </Alert>
      ) : null}
    </section>
  );
}
