import {
  formatDateTime,
  formatMoney,
  offerMessages as m,
  type Offer,
  offerStatusLabels,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useMyOffers, useOfferStep } from '../api/offers.ts';
import styles from './offers.module.css';

const tones: Record<Offer['status'], BadgeTone> = {
  pending: 'warning',
  countered: 'info',
  accepted: 'success',
  declined: 'danger',
  expired: 'neutral',
};

function CounterForm({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const step = useOfferStep();
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount);
    if (!amount || !Number.isInteger(value) || value <= 0) return setError(m.amountInvalid);
    try {
      const answer = await step.mutateAsync({ id: offer.id, action: 'counter', amount: value });
      toast.success(answer.message);
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.fields.amount ? err.fields.amount : errorMessage(err, m.notOpen),
      );
    }
  }
  return (
    <form className={styles.counter} onSubmit={(e) => void onSubmit(e)} noValidate>
      <MoneyField
        label={m.counterAmount}
        required
        error={error}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={step.isPending}>
        {m.sendCounter}
      </Button>
    </form>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const step = useOfferStep();
  const toast = useToast();
  const [countering, setCountering] = useState(false);
  const myTurn =
    (offer.role === 'seller' && offer.status === 'pending') ||
    (offer.role === 'buyer' && offer.status === 'countered');
  async function act(action: 'accept' | 'decline') {
    try {
      toast.success((await step.mutateAsync({ id: offer.id, action })).message);
    } catch (err) {
      toast.error(errorMessage(err, m.notOpen));
    }
  }
  const other =
    offer.role === 'buyer' ? `Vendedor: ${offer.seller_username}` : `Comprador: ${offer.buyer_username}`;
  return (
    <li className={`card ${styles.offer}`}>
      <SafeImage className={styles.thumb} src={offer.product_image ?? undefined} alt={offer.product_name} />
      <div className={styles.body}>
        <div className="card-head">
          <h3 className={styles.name}>
            <Link to={paths.buyProduct.getHref(offer.product_id)}>{offer.product_name}</Link>
          </h3>
          <Badge tone={tones[offer.status]}>{offerStatusLabels[offer.status]}</Badge>
        </div>
        <p className="muted flush">{other}</p>
        <p className="flush">
          Oferta: <strong>{formatMoney(offer.amount, 'COP')}</strong>
          {offer.sell_price !== null && (
            <span className="muted"> · Precio {formatMoney(offer.sell_price, 'COP')}</span>
          )}
        </p>
        {offer.counter_amount !== null && (
          <p className="flush">
            Contraoferta: <strong>{formatMoney(offer.counter_amount, 'COP')}</strong>
          </p>
        )}
        {offer.message && <p className={styles.message}>“{offer.message}”</p>}
        {(offer.status === 'pending' || offer.status === 'countered') && (
          <p className="muted flush">Vence el {formatDateTime(offer.expires_at)}</p>
        )}
        {myTurn && (
          <div className="row">
            <Button variant="primary" onClick={() => void act('accept')} busy={step.isPending}>
              {m.accept}
            </Button>
            <Button variant="danger" onClick={() => void act('decline')} disabled={step.isPending}>
              {m.decline}
            </Button>
            {offer.role === 'seller' && !countering && (
              <Button onClick={() => setCountering(true)}>{m.counter}</Button>
            )}
          </div>
        )}
        {countering && offer.status === 'pending' && (
          <CounterForm offer={offer} onDone={() => setCountering(false)} />
        )}
        {offer.role === 'buyer' && offer.status === 'accepted' && offer.payment_id && (
          <LinkButton variant="accent" to={paths.wonAuctions.getHref()}>
            {m.pay}
          </LinkButton>
        )}
      </div>
    </li>
  );
}

function OfferList({ role }: { role: 'buyer' | 'seller' }) {
  const [page, setPage] = useState(1);
  const query = useMyOffers(role, page);
  if (query.isPending) return <Spinner label={m.loading} />;
  if (query.isError) {
    return (
      <Alert kind="error" as="div">
        {errorMessage(query.error, m.loadError)}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  const { items, meta } = query.data;
  if (items.length === 0)
    return <p className="empty-state">{role === 'buyer' ? m.emptyBuyer : m.emptySeller}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={role === 'buyer' ? m.made : m.received}>
        {items.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
      </ul>
      {meta.pages > 1 && (
        <div className="row">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span className="muted">
            Página {meta.page} de {meta.pages}
          </span>
          <Button disabled={page >= meta.pages} onClick={() => setPage(page + 1)}>
            Siguiente
          </Button>
        </div>
      )}
    </>
  );
}

/** '/ofertas': the offers the user made and those they received, each side's next step. */
export function OffersView() {
  const [role, setRole] = useState<'buyer' | 'seller'>('buyer');
  return (
    <>
      <div className="row" role="group" aria-label="Ver ofertas">
        <Button
          variant={role === 'buyer' ? 'primary' : 'default'}
          aria-pressed={role === 'buyer'}
          onClick={() => setRole('buyer')}
        >
          {m.made}
        </Button>
        <Button
          variant={role === 'seller' ? 'primary' : 'default'}
          aria-pressed={role === 'seller'}
          onClick={() => setRole('seller')}
        >
          {m.received}
        </Button>
      </div>
      <h2 className="sr-only">{role === 'buyer' ? m.made : m.received}</h2>
      <OfferList key={role} role={role} />
    </>
  );
}
