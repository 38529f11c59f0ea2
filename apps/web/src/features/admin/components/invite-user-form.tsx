import {
  adminMessages,
  formatLongDate,
  type InviteUserInput,
  InviteUserInputSchema,
  type InviteUserResponse,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInviteUser } from '../api/admin-users.ts';
import styles from './admin.module.css';

const INVITE_FAILED = 'No se pudo crear la invitación. Por favor, intenta nuevamente.';
type InviteFormValues = { email: string; username: string; is_seller?: boolean };
const EMPTY_INVITE: InviteFormValues = { email: '', username: '', is_seller: false };

/** The link to hand over, with a button that copies it. */
function InviteLink({ invitation }: { invitation: InviteUserResponse }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.invite_url);
      setCopied(true);
    } catch {
      // Without clipboard access (an insecure origin, a refusal) the text is left selected to copy by hand.
      inputRef.current?.select();
      setCopied(false);
    }
  };
  return (
    <div className="stack">
      <Alert kind="success" takeFocus>
        {invitation.message}
      </Alert>
      <FormField
        label="Enlace de invitación"
        hint={`Sirve una sola vez, hasta el ${formatLongDate(invitation.expires_at)}. También lo enviamos por correo.`}
      >
        {(control) => (
          <div className={styles.copyRow}>
            <input
              ref={inputRef}
              {...control}
              className="input"
              readOnly
              value={invitation.invite_url}
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void copy()}>Copiar enlace</Button>
          </div>
        )}
      </FormField>
      <p className="sr-only" role="status">
        {copied === true ? 'Enlace copiado' : copied === false ? 'Selecciona el enlace y cópialo' : ''}
      </p>
      {copied !== null && (
        <p className={`flush ${styles.small}`} aria-hidden="true">
          {copied ? 'Enlace copiado.' : 'No se pudo copiar: el enlace quedó seleccionado para copiarlo.'}
        </p>
      )}
    </div>
  );
}

/** Invites a new account by e-mail; the answer's one-use link shows below to hand over. */
export function InviteUserForm() {
  const titleId = useId();
  const mutation = useInviteUser();
  const [failure, setFailure] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<InviteUserResponse | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteFormValues, unknown, InviteUserInput>({
    resolver: zodResolver(InviteUserInputSchema),
    defaultValues: EMPTY_INVITE,
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    setInvitation(null);
    try {
      const result = await mutation.mutateAsync(input);
      setInvitation(result);
      reset(EMPTY_INVITE);
    } catch (error) {
      setFailure(errorMessage(error, INVITE_FAILED));
    }
  });

  return (
    <section className={`card ${styles.inviteCard}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {adminMessages.inviteTitle}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {failure && <Alert kind="error">{failure}</Alert>}
        <div className={styles.inviteGrid}>
          <FormField label="Correo electrónico" required error={errors.email?.message}>
            <input className="input" type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label="Nombre de usuario" required error={errors.username?.message}>
            <input
              className="input"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              {...register('username')}
            />
          </FormField>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('is_seller')} />
          Puede vender (cuenta de vendedor)
        </label>
        <Button type="submit" variant="primary" className="self-start" busy={mutation.isPending}>
          {mutation.isPending ? 'Creando...' : adminMessages.inviteSubmit}
        </Button>
      </form>
      {invitation && <InviteLink invitation={invitation} />}
    </section>
  );
}
