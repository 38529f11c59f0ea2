import { formatMoney, paymentMessages as m, type WonAuctionItem } from '@app/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateCombinedPayment } from '../api/create-combined-payment.ts';
import styles from './payments.module.css';

/** An item the buyer can still pay for now (not paid, expired, cancelled, nor being charged). */
function waiting(item: WonAuctionItem, now: number): boolean {
  if (item.status !== 'pending' && item.status !== 'rejected') return false;
  return !item.expires_at || new Date(item.expires_at).getTime() > now;
}

/** The unpaid items grouped by seller: only sellers with two or more can be paid together. */
export function combinableGroups(items: WonAuctionItem[], now = Date.now()) {
  const bySeller = new Map<string, WonAuctionItem[]>();
  for (const item of items) {
    if (!waiting(item, now)) continue;
    bySeller.set(item.seller_username, [...(bySeller.get(item.seller_username) ?? []), item]);
  }
  return [...bySeller.entries()]
    .filter(([, group]) => group.length >= 2)
    .map(([seller, group]) => ({ seller, items: group }));
}

/** Navigates to the processor's checkout. */
const goToCheckout = (url: string) => window.location.assign(url);

function CombinedGroup({ seller, items }: { seller: string; items: WonAuctionItem[] }) {
  const create = useCreateCombinedPayment();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const headingId = `pagar-juntos-${seller}`;

  async function pay() {
    setError(null);
    try {
      const answer = await create.mutateAsync(items.map((item) => item.payment_id));
      setLeaving(true);
      goToCheckout(answer.payment_link);
    } catch (reason) {
      setError(errorMessage(reason, m.linkFailed));
    }
  }

  const busy = create.isPending || leaving;
  return (
    <li className={`card ${styles.combinedCard}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.wonTitle}>
        {items.length} artículos de {seller}
      </h2>
      <p className={styles.meta}>{items.map((item) => item.product_name).join(' · ')}</p>
      <div className={styles.amount}>{formatMoney(total, items[0]!.currency)}</div>
      <p className={styles.hint}>Págalos juntos en un solo pago y recíbelos en un solo envío.</p>
      {error && (
        <Alert kind="error" as="div">
          {error}
        </Alert>
      )}
      <div className={styles.cardActions}>
        <Button variant="accent" block onClick={() => void pay()} busy={busy}>
          {busy ? 'Generando...' : 'Pagar juntos'}
        </Button>
      </div>
    </li>
  );
}

/** 'Pagar juntos' for each seller with two or more items waiting for payment. */
export function CombinedPay({ items }: { items: WonAuctionItem[] }) {
  const groups = combinableGroups(items);
  if (groups.length === 0) return null;
  return (
    <section aria-label="Pagar juntos" className={styles.combinedSection}>
      <ul className={`grid ${styles.plainList}`}>
        {groups.map((group) => (
          <CombinedGroup key={group.seller} seller={group.seller} items={group.items} />
        ))}
      </ul>
    </section>
  );
}
