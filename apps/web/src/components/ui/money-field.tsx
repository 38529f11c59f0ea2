import type { InputHTMLAttributes, Ref } from 'react';
import { FormField, type FormFieldProps } from './form-field.tsx';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/**
 * An amount in whole pesos (money has no centavos here, as Bold charges it): never negative,
 * whole numbers only, with the numeric keypad on phones.
 * Works as a controlled input or with react-hook-form's `register` (its ref included).
 */
export function MoneyInput({ className, ...rest }: InputProps) {
  return (
    <input
      className={className ? `input ${className}` : 'input'}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      {...rest}
    />
  );
}

/** A labelled money input with its hint and error (see FormField). */
export function MoneyField({
  label,
  error,
  hint,
  required,
  id,
  className,
  ...input
}: Omit<FormFieldProps, 'children'> & Omit<InputProps, 'id' | 'className'>) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} id={id} className={className}>
      <MoneyInput {...input} />
    </FormField>
  );
}
