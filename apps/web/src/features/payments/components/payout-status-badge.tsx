import { formatLongDate, payoutHoldLabel, payoutStatusTone, type SellerPayment } from '@app/contracts';
import { Badge } from '../../../components/ui/badge.tsx';

/** A held payout says why it waits: the delivery, the claim window (until when), a claim. */
export function StatusBadge({ status, hold }: { status: string; hold?: SellerPayment['hold'] }) {
  return (
    <Badge tone={payoutStatusTone(status)} data-status={status}>
      {payoutHoldLabel(status, hold, formatLongDate)}
    </Badge>
  );
}
