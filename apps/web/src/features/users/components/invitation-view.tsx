import { type AcceptInvitationForm, AcceptInvitationFormSchema, adminMessages } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAcceptInvitation, useInvitation } from '../api/invitation.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import styles from './users.module.css';

const ACCEPT_FAILED = 'No se pudo guardar tu contraseña. Por favor, intenta nuevamente.';
const EMPTY = { new_password: '', confirm_password: '' };

/** A link that can no longer be used (unknown, used, expired): the server says which. */
export const INVALID_INVITATION_TITLE = 'Esta invitación no está disponible';

function PasswordForm({ token, onAccepted }: { token: string; onAccepted: (message: string) => void }) {
  const mutation = useAcceptInvitation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInvitationForm>({
    resolver: zodResolver(AcceptInvitationFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ new_password });
      onAccepted(result.message);
    } catch (error) {
      setFailure(errorMessage(error, ACCEPT_FAILED));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      {failure && <Alert kind="error">{failure}</Alert>}
      <NewPasswordFields
        password={register('new_password')}
        passwordError={errors.new_password?.message}
        confirmation={register('confirm_password')}
        confirmationError={errors.confirm_password?.message}
      />
      <Button type="submit" variant="primary" block busy={mutation.isPending}>
        {mutation.isPending ? 'Guardando...' : adminMessages.invitationSubmit}
      </Button>
    </form>
  );
}

/**
 * /invite/{token}: who is invited, then the new password twice (the change-password rules and
 * messages); saving it logs the person in (`onAccepted`). A used, expired or unknown link gets a
 * page that says so and what to do.
 */
export function InvitationView({
  token,
  frame,
  onAccepted,
}: {
  token: string;
  /** The page around the content: its title (the <h1>) and the content. */
  frame: (title: string, content: ReactNode) => ReactNode;
  onAccepted: (message: string) => void;
}) {
  const invitation = useInvitation(token);
  if (invitation.isPending)
    return frame(adminMessages.invitationTitle, <Spinner label="Cargando la invitación..." />);
  if (invitation.isError) {
    const gone =
      invitation.error instanceof ApiError &&
      (invitation.error.status === 404 || invitation.error.status === 410);
    return frame(
      gone ? INVALID_INVITATION_TITLE : adminMessages.invitationTitle,
      <Alert kind="error" as="div">
        <p className="flush">
          {gone
            ? invitation.error.message
            : errorMessage(invitation.error, adminMessages.invitationLoadError)}
        </p>
      </Alert>,
    );
  }
  return frame(
    adminMessages.invitationTitle,
    <>
      <p className={styles.invitationIntro}>{adminMessages.invitationIntro(invitation.data.username)}</p>
      <p className={styles.invitationIntro}>
        Tu cuenta: <strong className={styles.invitationEmail}>{invitation.data.email}</strong>
      </p>
      <PasswordForm token={token} onAccepted={onAccepted} />
    </>,
  );
}
