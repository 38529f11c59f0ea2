import { type AdminPayout, adminMessages, formatCOPExact } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMarkPayoutsPaid } from '../api/admin-payouts.ts';

const MARK_FAILED = 'No se pudieron marcar los pagos. Por favor, intenta nuevamente.';

/** The transfer's reference, then every selected payout marked paid at once (or none). */
export function MarkPaidDialog({
  payouts,
  onDone,
  onClose,
}: {
  payouts: AdminPayout[];
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const summaryId = useId();
  const mutation = useMarkPayoutsPaid();
  const [reference, setReference] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const total = payouts.reduce((sum, p) => sum + p.payable_amount, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const text = reference.trim();
    if (!text) {
      setFieldError(adminMessages.referenceRequired);
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ payout_ids: payouts.map((p) => p.id), reference: text });
      onDone(result.message);
    } catch (error) {
      // A 409 names the payout at fault and says nothing was marked.
      setFailure(errorMessage(error, MARK_FAILED));
    }
  };

  return (
    <FormModal
      title="Marcar como pagados"
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      describedBy={summaryId}
      closeOnBackdrop={reference === ''}
      submitLabel="Marcar como pagados"
    >
      <p id={summaryId} className="flush">
        {payouts.length === 1 ? '1 pago' : `${payouts.length} pagos`} por un total de{' '}
        <strong>{formatCOPExact(total)}</strong>. Escribe la referencia de la transferencia del banco; cada
        vendedor la verá junto a su pago.
      </p>
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label="Referencia de la transferencia" required error={fieldError}>
        <input
          className="input"
          value={reference}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setReference(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}
