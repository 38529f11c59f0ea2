import { passkeyMessages, SecondFactorCodeSchema, userMessages } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { PasswordInput } from './password-input.tsx';

/** What the person proves before the action: both, either one, or the password alone. */
export type ProofAsked = 'password-and-code' | 'password-or-code' | 'password';
export type Proof = { current_password?: string; code?: string };
type Fields = { current_password: string; code: string };

const EMPTY: Fields = { current_password: '', code: '' };
const required = (message: string) => z.string().min(1, { error: message });
const schemas: Record<ProofAsked, z.ZodType<Fields, Fields>> = {
  'password-and-code': z.object({
    current_password: required(userMessages.currentPasswordRequired),
    code: SecondFactorCodeSchema,
  }),
  // The message goes under the password, the field most people fill.
  'password-or-code': z
    .object({ current_password: z.string(), code: z.string() })
    .refine((v) => v.current_password !== '' || v.code.trim() !== '', {
      path: ['current_password'],
      error: passkeyMessages.proofRequired,
    }),
  password: z.object({ current_password: required(userMessages.currentPasswordRequired), code: z.string() }),
};

/** The fields given, as the server takes them (the password first when both are filled). */
function proofOf(asked: ProofAsked, values: Fields): Proof {
  if (asked === 'password') return { current_password: values.current_password };
  if (asked === 'password-and-code') return values;
  return values.current_password !== ''
    ? { current_password: values.current_password }
    : { code: values.code };
}

/**
 * A destructive step on the account's protection (turning off two-step verification, removing a
 * passkey): the dialog asks the current password and, as `asked` says, a verification code. The
 * server checks the same proof; a field it refuses is shown under that field.
 */
export function ProofDialog({
  open,
  onClose,
  title,
  intro,
  submitLabel,
  asked,
  onConfirm,
  failedMessage,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  asked: ProofAsked;
  onConfirm: (proof: Proof) => Promise<unknown>;
  failedMessage: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<Fields>({ resolver: zodResolver(schemas[asked]), defaultValues: EMPTY });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setFailure(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onConfirm(proofOf(asked, values));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.current_password) setError('current_password', { message: fields.current_password });
      if (fields.code) setError('code', { message: fields.code });
      if (!fields.current_password && !fields.code) setFailure(errorMessage(error, failedMessage));
    }
  });

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={title}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      pendingLabel={submitLabel}
      pending={isSubmitting}
      danger
      closeOnBackdrop={!isDirty && !isSubmitting}
    >
      <p>{intro}</p>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <FormField
        label="Contraseña actual"
        required={asked !== 'password-or-code'}
        error={errors.current_password?.message}
      >
        {(control) => (
          <PasswordInput autoComplete="current-password" {...control} {...register('current_password')} />
        )}
      </FormField>
      {asked === 'password' ? null : (
        <FormField
          label={asked === 'password-or-code' ? 'O un código de verificación' : 'Código de verificación'}
          required={asked === 'password-and-code'}
          error={errors.code?.message}
        >
          <input className="input" autoComplete="one-time-code" maxLength={40} {...register('code')} />
        </FormField>
      )}
    </FormModal>
  );
}
