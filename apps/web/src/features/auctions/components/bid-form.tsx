import { formatNumber } from '@app/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { MoneyInput } from '../../../components/ui/money-field.tsx';
import type { BidFormState } from '../lib/use-bid-form.ts';
import styles from './auctions.module.css';
import { MaxBidField } from './max-bid-field.tsx';

/**
 * The bid and its optional maximum. The error message is shown elsewhere in the panel, at
 * `${inputId}-error`, and the bid input points at it while there is one.
 */
export function BidForm({
  form,
  inputId,
  suggested,
}: {
  form: BidFormState;
  inputId: string;
  suggested: number;
}) {
  return (
    <form className={styles.bidForm} onSubmit={form.submit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Tu puja ($)</label>
        <MoneyInput
          id={inputId}
          placeholder={`Min bid: $${formatNumber(suggested)}`}
          value={form.amount}
          onChange={(e) => form.changeAmount(e.target.value)}
          aria-invalid={form.error ? true : undefined}
          aria-describedby={form.error ? `${inputId}-error` : undefined}
        />
      </div>
      <MaxBidField inputId={inputId} value={form.maxAmount} onChange={form.changeMaxAmount} />
      <Button type="submit" variant="accent" busy={form.busy}>
        Place Bid
      </Button>
    </form>
  );
}
