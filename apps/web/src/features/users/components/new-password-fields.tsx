import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from './password-input.tsx';

/** A new password and its confirmation, as the change-password rules ask them. */
export function NewPasswordFields({
  password,
  passwordError,
  confirmation,
  confirmationError,
}: {
  password: UseFormRegisterReturn;
  passwordError?: string;
  confirmation: UseFormRegisterReturn;
  confirmationError?: string;
}) {
  return (
    <>
      <FormField label="Nueva contraseña" required error={passwordError} hint="Al menos 8 caracteres">
        {(control) => <PasswordInput autoComplete="new-password" {...control} {...password} />}
      </FormField>
      <FormField label="Confirmar nueva contraseña" required error={confirmationError}>
        {(control) => <PasswordInput autoComplete="new-password" {...control} {...confirmation} />}
      </FormField>
    </>
  );
}
