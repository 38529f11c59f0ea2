import {
  adminMessages,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
  reportReasonLabels,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useCreateReport } from '../api/create-report.ts';
import styles from './reports.module.css';

const REPORT_FAILED = 'No se pudo enviar la denuncia. Por favor, intenta nuevamente.';
const TARGET_WORDS: Record<ReportTargetType, string> = {
  product: 'esta publicación',
  user: 'este usuario',
  question: 'esta pregunta',
};

function FlagIcon() {
  return <LineIcon size={16} d="M5 21V4m0 0h11l-2 4 2 4H5" round />;
}

function ReportDialog({
  targetType,
  targetId,
  targetName,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  targetName: string;
  onClose: () => void;
}) {
  const mutation = useCreateReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || sent) return;
    if (!reason) {
      setReasonError(adminMessages.reportReasonRequired);
      return;
    }
    setReasonError(undefined);
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({
        target_type: targetType,
        target_id: targetId,
        reason,
        comment: comment.trim() || null,
      });
      setSent(result.message);
    } catch (error) {
      // A second report on the same target is a 409 with the server's explanation.
      setFailure(errorMessage(error, REPORT_FAILED));
    }
  };

  return (
    <FormModal
      title={`Denunciar ${TARGET_WORDS[targetType]}`}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      closeOnBackdrop={!reason && !comment}
      submitLabel="Enviar denuncia"
      pendingLabel="Enviando..."
      danger
      body={
        sent ? (
          <Alert kind="success" takeFocus>
            {sent}
          </Alert>
        ) : undefined
      }
      footer={
        sent ? (
          <Button variant="primary" onClick={onClose}>
            Listo
          </Button>
        ) : undefined
      }
    >
      <p className="flush">
        Cuéntanos qué pasa con <strong>{targetName}</strong>. Nuestro equipo lo revisará; la otra persona no
        sabrá quién lo denunció.
      </p>
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label="Motivo" required error={reasonError}>
        <select
          className="select"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as ReportReason | '');
            setReasonError(undefined);
          }}
        >
          <option value="">Selecciona un motivo</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {reportReasonLabels[r]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Comentario (opcional)" hint="Máximo 1000 caracteres">
        <textarea
          className="textarea"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}

/**
 * 'Denunciar' for a logged-in person who is not the target's owner (`ownerId`, when known): opens
 * a dialog with the reason and an optional comment.
 */
export function ReportButton({
  targetType,
  targetId,
  targetName,
  ownerId,
}: {
  targetType: ReportTargetType;
  targetId: number;
  /** How the dialog names what is reported (the product's name, the username). */
  targetName: string;
  /** Whose it is: nobody reports themselves or their own listing. */
  ownerId?: number | null;
}) {
  const userId = useCurrentUserId();
  const [open, setOpen] = useState(false);
  if (userId === null || (ownerId != null && ownerId === userId)) return null;
  return (
    <>
      <Button variant="link" className={styles.reportButton} onClick={() => setOpen(true)}>
        <FlagIcon />
        {adminMessages.reportButton}
        <span className="sr-only"> {targetName}</span>
      </Button>
      {open && (
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          targetName={targetName}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
