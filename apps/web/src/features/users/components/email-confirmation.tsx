import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useConfirmEmailChange } from '../api/account-recovery.ts';
import styles from './users.module.css';

const CONFIRM_EMAIL_FAILED = 'No se pudo confirmar el correo. Por favor, intenta nuevamente.';

/**
 * The confirmation of a new address. It waits for a press rather than confirming on load: a mail
 * program that opens links to scan them must not change the account.
 */
export function EmailConfirmation({
  token,
  nextHref,
  nextLabel,
}: {
  token: string;
  nextHref: string;
  nextLabel: string;
}) {
  const mutation = useConfirmEmailChange();
  if (mutation.isSuccess) {
    return (
      <>
        <Alert kind="success" as="div">
          <p className="flush">{mutation.data.message}</p>
          <p className={`flush ${styles.invitationEmail}`}>{mutation.data.email}</p>
          <p className="flush">Se cerraron las demás sesiones de tu cuenta.</p>
        </Alert>
        <LinkButton to={nextHref} variant="primary" block>
          {nextLabel}
        </LinkButton>
      </>
    );
  }
  const error = mutation.error;
  // A used, voided or expired link, or an address another account took meanwhile: trying again won't help.
  const final = error instanceof ApiError && (error.status === 400 || error.status === 409);
  return (
    <>
      {error && <Alert kind="error">{errorMessage(error, CONFIRM_EMAIL_FAILED)}</Alert>}
      {final ? (
        <LinkButton to={nextHref} block>
          {nextLabel}
        </LinkButton>
      ) : (
        <>
          <p className="flush">Confirma que quieres usar esta dirección como el correo de tu cuenta.</p>
          <Button variant="primary" block busy={mutation.isPending} onClick={() => mutation.mutate(token)}>
            {mutation.isPending ? 'Confirmando...' : 'Confirmar mi correo'}
          </Button>
        </>
      )}
    </>
  );
}
