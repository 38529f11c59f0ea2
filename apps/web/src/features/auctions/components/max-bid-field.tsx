import { formatNumber } from '@app/contracts';
import { MoneyInput } from '../../../components/ui/money-field.tsx';
import styles from './auctions.module.css';

/**
 * The optional maximum (ceiling) beside a bid: up to it the server bids for the user with the
 * minimum increment. `inputId` is the bid form's input; the field, its hint and the error
 * message hang their ids from it.
 */
export function MaxBidField({
  inputId,
  value,
  onChange,
}: {
  inputId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${inputId}-max`}>Puja máxima ($)</label>
      <MoneyInput
        id={`${inputId}-max`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${inputId}-max-hint`}
      />
    </div>
  );
}

/** What the maximum does, shown below the form (the field points at it). */
export function MaxBidHint({ inputId }: { inputId: string }) {
  return (
    <p id={`${inputId}-max-hint`} className="muted note-sm">
      Opcional: con una puja máxima pujamos por ti con el incremento mínimo hasta ese monto; nadie más la ve.
    </p>
  );
}

/** The user's own ceiling on this product (nobody else sees it). */
export function MyCeiling({ amount }: { amount: number }) {
  return (
    <p className={styles.ceiling} data-testid="my-ceiling">
      Tu puja máxima: <strong>${formatNumber(amount)}</strong>
    </p>
  );
}
