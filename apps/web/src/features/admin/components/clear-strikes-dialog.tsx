import { type AdminUser, formatNumber, STRIKES_TO_BLOCK } from '@app/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useClearStrikes } from '../api/admin-users.ts';

const CLEAR_STRIKES_FAILED = 'No se pudieron borrar las compras sin pagar. Por favor, intenta nuevamente.';

/** Asks before clearing an account's unpaid strikes; the server's refusal shows inside. */
export function ClearStrikesDialog({
  user,
  onDone,
  onClose,
}: {
  user: AdminUser;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const clear = useClearStrikes();
  const [failure, setFailure] = useState<string | null>(null);
  const count = user.unpaid_strikes;
  const confirm = async () => {
    setFailure(null);
    try {
      const result = await clear.mutateAsync(user.id);
      onDone(result.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, CLEAR_STRIKES_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Borrar las compras sin pagar de ${user.username}`}
      message={
        <p className="flush">
          {count === 1
            ? `${user.username} tiene 1 compra ganada sin pagar en el último año.`
            : `${user.username} tiene ${formatNumber(count)} compras ganadas sin pagar en el último año.`}{' '}
          Al borrarlas, dejan de contar para el bloqueo de pujas y compras (con {STRIKES_TO_BLOCK} no puede
          pujar ni comprar). La acción queda en el registro.
        </p>
      }
      confirmLabel="Borrar compras sin pagar"
      pending={clear.isPending}
      pendingLabel="Borrando..."
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
