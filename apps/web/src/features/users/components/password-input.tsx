import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import styles from './users.module.css';

/** A password field with a show/hide toggle; forwards every input prop (works with register()). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function PasswordInput({ className, ...props }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.passwordWrap}>
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        className={className ?? 'input'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        {...props}
      />
      <button
        type="button"
        className={styles.passwordToggle}
        aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
});

const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z';
const EYE_CROSSED =
  'M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

function EyeIcon() {
  return (
    <LineIcon size={22} d={EYE}>
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </LineIcon>
  );
}

function EyeOffIcon() {
  return <LineIcon size={22} d={EYE_CROSSED} />;
}
