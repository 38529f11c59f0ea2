import { preferenceMessages as m } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUnsubscribe } from '../api/notification-preferences.ts';

/**
 * The page of an e-mail's unsubscribe link: sends the token once on arrival (no login needed)
 * and says which e-mails stop, or that the link is not valid.
 */
export function UnsubscribeView({ token, preferencesHref }: { token: string; preferencesHref: string }) {
  const unsubscribe = useUnsubscribe();
  const sent = useRef<string | null>(null);
  const { mutate } = unsubscribe;
  useEffect(() => {
    // Once per token, even when React runs effects twice in development.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  // One message: the server's reason, else that the link did not work.
  if (unsubscribe.isError)
    return (
      <div className="stack">
        <Alert kind="error">{errorMessage(unsubscribe.error, m.unsubscribeFailed)}</Alert>
        <div>
          <LinkButton to={preferencesHref}>{m.managePreferences}</LinkButton>
        </div>
      </div>
    );
  if (!unsubscribe.isSuccess) return <Spinner label={m.unsubscribing} />;
  return (
    <div className="stack">
      <Alert kind="success" takeFocus>
        {m.unsubscribed(m.labels[unsubscribe.data.type])}
      </Alert>
      <p>Puedes volver a activarlos cuando quieras desde tu perfil.</p>
      <div>
        <LinkButton to={preferencesHref} variant="primary">
          {m.managePreferences}
        </LinkButton>
      </div>
    </div>
  );
}
