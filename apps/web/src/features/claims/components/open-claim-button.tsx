import {
  CLAIM_REASONS,
  type ClaimReason,
  claimEligibility,
  claimReasonLabels,
  claimMessages as m,
  OpenClaimInputSchema,
  type PurchasedProduct,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { contactWarning } from '../../../lib/contact-warning.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useOpenClaim } from '../api/claims.ts';
import styles from './claims.module.css';

function OpenClaimDialog({ purchase, onClose }: { purchase: PurchasedProduct; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useOpenClaim();
  const [reason, setReason] = useState<ClaimReason | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = OpenClaimInputSchema.safeParse({ product_id: purchase.product_id, reason, description });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'reason' || key === 'description') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const claim = await mutation.mutateAsync(parsed.data);
      onClose();
      navigate(paths.claim.getHref(claim.id), { state: { notice: m.opened } });
    } catch (error) {
      setFailure(errorMessage(error, m.openFailed));
    }
  };

  const count = description.trim().length;
  const warning = contactWarning(description);
  return (
    <FormModal
      title={m.openTitle(purchase.product_name)}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      closeOnBackdrop={!reason && !description}
      submitLabel={m.submit}
      pendingLabel="Enviando..."
    >
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label={m.reasonLabel} required error={errors.reason}>
        <select
          className="select"
          value={reason}
          onChange={(event) => setReason(event.target.value as ClaimReason | '')}
        >
          <option value="">Elige un motivo</option>
          {CLAIM_REASONS.map((r) => (
            <option key={r} value={r}>
              {claimReasonLabels[r]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={m.descriptionLabel}
        required
        error={warning ?? errors.description}
        hint={m.descriptionHelp}
      >
        <textarea
          className="textarea"
          rows={5}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      {/* Seen, not announced on every keystroke: the hint already tells the bounds. */}
      <p className={`muted ${styles.counter}`} aria-hidden="true">
        {count} / 1000
      </p>
    </FormModal>
  );
}

/**
 * 'Abrir reclamo' on a purchase the buyer may still claim (shipped, or delivered within the
 * window, with no claim waiting); nothing otherwise.
 */
export function OpenClaimButton({ purchase }: { purchase: PurchasedProduct }) {
  const [open, setOpen] = useState(false);
  const eligibility = claimEligibility(purchase, purchase.claim, new Date(serverNow()));
  if (eligibility !== 'eligible') return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`${m.openClaim}: ${purchase.product_name}`}>
        {m.openClaim}
      </Button>
      {open && <OpenClaimDialog purchase={purchase} onClose={() => setOpen(false)} />}
    </>
  );
}
