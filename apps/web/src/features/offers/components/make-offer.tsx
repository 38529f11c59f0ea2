import { offerMessages as m } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateOffer } from '../api/offers.ts';

/**
 * 'Hacer una oferta' on a buy-now page: an amount below the price and an optional message. The
 * answer says what became of it (sent, accepted at once, declined at once).
 */
export function MakeOffer({ productId, sellPrice }: { productId: number; sellPrice: number }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const create = useCreateOffer();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setResult(null);
    const value = Number(amount);
    if (!amount || !Number.isInteger(value) || value <= 0) {
      setFields({ amount: m.amountInvalid });
      return;
    }
    if (value >= sellPrice) {
      setFields({ amount: m.amountBelowPrice });
      return;
    }
    try {
      const answer = await create.mutateAsync({
        product_id: productId,
        amount: value,
        message: message || null,
      });
      setResult({ kind: answer.offer.status === 'declined' ? 'error' : 'success', text: answer.message });
      setAmount('');
      setMessage('');
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFields({ ...err.fields });
      else setResult({ kind: 'error', text: errorMessage(err, m.notAvailable) });
    }
  }

  if (!open) {
    return (
      <div>
        <Button variant="default" block onClick={() => setOpen(true)}>
          {m.makeOffer}
        </Button>
        {result && (
          <Alert kind={result.kind} as="div">
            {result.text} <Link to={paths.offers.getHref()}>{m.pageTitle}</Link>
          </Alert>
        )}
      </div>
    );
  }
  return (
    <form className="card stack" aria-labelledby={titleId} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 id={titleId} className="flush">
        {m.makeOffer}
      </h2>
      <MoneyField
        label={m.offerAmount}
        required
        error={fields.amount}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <FormField label={m.offerMessage} error={fields.message}>
        <textarea
          className="textarea"
          rows={2}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </FormField>
      {result && (
        <Alert kind={result.kind} as="div">
          {result.text} <Link to={paths.offers.getHref()}>{m.pageTitle}</Link>
        </Alert>
      )}
      <div className="row">
        <Button type="submit" variant="primary" busy={create.isPending}>
          {m.send}
        </Button>
        <Button type="button" variant="link" onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
