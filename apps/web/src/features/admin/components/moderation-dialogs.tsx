import { useTakedownProduct } from '../api/admin-products.ts';
import { useSuspendUser } from '../api/admin-users.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const SUSPEND_FAILED = 'No se pudo suspender la cuenta. Por favor, intenta nuevamente.';
const TAKEDOWN_FAILED = 'No se pudo retirar el producto. Por favor, intenta nuevamente.';

/**
 * Suspending an account, with the reason for the audit: the console's one way to do it, from
 * the accounts list or from a signal. The server's refusal (an operator, an account already
 * suspended) shows inside the dialog.
 */
export function SuspendUserDialog({
  user,
  onDone,
  onClose,
}: {
  user: { id: number; username: string };
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const suspend = useSuspendUser();
  return (
    <ReasonDialog
      title={`Suspender a ${user.username}`}
      intro={
        <p className="flush">
          Se cierran todas sus sesiones, se retiran sus productos no vendidos y ya no podrá entrar, pujar ni
          comprar.
        </p>
      }
      label="Motivo"
      required
      danger
      submitLabel="Suspender"
      pendingLabel="Suspendiendo..."
      failed={SUSPEND_FAILED}
      onClose={onClose}
      onSubmit={async (reason) => {
        const result = await suspend.mutateAsync({ id: user.id, reason });
        onDone(result.message);
      }}
    />
  );
}

/**
 * Taking a product down, with the reason its owner is told: it leaves every list and page and
 * its auction (the bids on it void). A sold product is refused by the server, inside the dialog.
 */
export function TakedownDialog({
  product,
  onDone,
  onClose,
}: {
  product: { id: number; name: string };
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const takedown = useTakedownProduct();
  return (
    <ReasonDialog
      title={`Retirar «${product.name}»`}
      intro={
        <p className="flush">
          Sale de todas las listas, búsquedas y páginas, y de su subasta: sus pujas se anulan y se avisa a
          quienes pujaron. Su dueño recibe el motivo.
        </p>
      }
      label="Motivo"
      required
      danger
      submitLabel="Retirar"
      pendingLabel="Retirando..."
      failed={TAKEDOWN_FAILED}
      onClose={onClose}
      onSubmit={async (reason) => {
        const result = await takedown.mutateAsync({ id: product.id, reason });
        onDone(result.message);
      }}
    />
  );
}
