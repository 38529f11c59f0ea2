import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

export interface FormFieldProps {
  label: ReactNode;
  /** The error message to show under the control (also sets aria-invalid). */
  error?: string;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Shown as a visual '*' and aria-required on the control. */
  required?: boolean;
  /** Use a given id for the control (else one is generated). */
  id?: string;
  className?: string;
  /**
   * One element (input, select, textarea, or a component that forwards these props to its control).
   * Or a function receiving the props to spread on the control, for wrappers like a password toggle.
   */
  children:
    | ReactElement<ControlProps>
    | ((props: Required<Pick<ControlProps, 'id'>> & ControlProps) => ReactNode);
}

/**
 * A labelled form control with its error text, wired for screen readers:
 * label[for] -> control id, aria-invalid when there is an error, aria-describedby -> hint and error.
 *
 *   <FormField label="Nombre" error={errors.name?.message}>
 *     <input className="input" {...register('name')} />
 *   </FormField>
 */
export function FormField({ label, error, hint, required, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };

  let control: ReactNode;
  if (typeof children === 'function') control = children(controlProps);
  else if (isValidElement(children)) {
    const own = children.props;
    control = cloneElement(children, {
      ...controlProps,
      // The control's own marks stay: a caller may flag it invalid for a reason shown elsewhere.
      'aria-invalid': controlProps['aria-invalid'] ?? own['aria-invalid'],
      'aria-describedby': [own['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined,
    });
  } else control = children;

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
