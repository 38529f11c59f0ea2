import {
  type EmailPreferenceType,
  emailPreferenceTypes,
  preferenceMessages as m,
  type NotificationPreferences,
  pushMessages,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNotificationPreferences, useSavePreferences } from '../api/notification-preferences.ts';
import styles from './preferences.module.css';
import { PushDeviceSetting } from './push-device-setting.tsx';

/** 'Preferencias de notificación': one labelled checkbox per optional e-mail type and a save button. */
export function PreferencesSettings() {
  const query = useNotificationPreferences();
  return (
    <section aria-labelledby="preferences-title" className="stack">
      <h2 id="preferences-title" className={styles.title}>
        {m.sectionTitle}
      </h2>
      <p className={styles.hint}>{m.intro}</p>
      {query.isPending ? (
        <Spinner label={m.loading} />
      ) : query.isError ? (
        <LoadFailure message={errorMessage(query.error, m.loadFailed)} onRetry={() => void query.refetch()} />
      ) : (
        <PreferencesForm saved={query.data} />
      )}
      <PushDeviceSetting />
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const [email, setEmail] = useState(saved.email);
  const [push, setPush] = useState(saved.push);
  // What the server holds changed (an e-mail's unsubscribe link, another tab, the answer to a
  // save): the boxes show it, so saving never writes back the copy the form started from. A
  // refetch that brings the same answer keeps its reference, and with it the person's edits.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setEmail(saved.email);
    setPush(saved.push);
  }
  const toggle = (channel: 'email' | 'push', type: EmailPreferenceType, on: boolean) => {
    save.reset();
    (channel === 'email' ? setEmail : setPush)((current) => ({ ...current, [type]: on }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ email, push });
  };
  return (
    <form onSubmit={submit} className="stack" noValidate>
      <fieldset className={styles.list}>
        <legend className="sr-only">Correos que quieres recibir</legend>
        {emailPreferenceTypes.map((type) => (
          <label key={type} className={styles.option}>
            <input
              type="checkbox"
              name={type}
              checked={email[type]}
              onChange={(event) => toggle('email', type, event.target.checked)}
            />
            <span className={styles.label}>{m.labels[type]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.list}>
        <legend className={styles.legend}>{pushMessages.preferencesIntro}</legend>
        {emailPreferenceTypes.map((type) => (
          <label key={type} className={styles.option}>
            <input
              type="checkbox"
              name={`push-${type}`}
              aria-label={`${m.labels[type]} (notificación en tus dispositivos)`}
              checked={push[type]}
              onChange={(event) => toggle('push', type, event.target.checked)}
            />
            <span className={styles.label}>{m.labels[type]}</span>
          </label>
        ))}
      </fieldset>
      {save.isError ? <Alert kind="error">{errorMessage(save.error, m.saveFailed)}</Alert> : null}
      {save.isSuccess ? <Alert kind="success">{m.saved}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Guardando…' : m.save}
        </Button>
      </div>
    </form>
  );
}
