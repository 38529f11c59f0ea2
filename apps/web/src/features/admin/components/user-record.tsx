import {
  type AdminUser,
  formatLongDate,
  formatNumber,
  STRIKES_TO_BLOCK,
  userStatusLabels,
} from '@app/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import styles from './admin.module.css';

/** How many unpaid won items in the last year an account has. */
const strikesText = (count: number) =>
  count === 0 ? 'Ninguna' : count === 1 ? '1 en el último año' : `${formatNumber(count)} en el último año`;
/** One account in the operator's list: who, since when, sales and purchases, unpaid strikes, actions. */
export function UserRecord({
  user,
  onSuspend,
  onReinstate,
  onClearStrikes,
}: {
  user: AdminUser;
  onSuspend: () => void;
  onReinstate: () => void;
  onClearStrikes: () => void;
}) {
  return (
    <li className={`${styles.record} ${styles.userRecord}`} data-user-id={user.id}>
      <div className={styles.cell}>
        <span className={styles.strong}>{user.username}</span>
        <span className={styles.small}>{user.email}</span>
        <span className={styles.badges}>
          <Badge tone={user.status === 'active' ? 'success' : 'danger'}>
            {userStatusLabels[user.status]}
          </Badge>
          {user.is_seller && <Badge tone="info">Vendedor</Badge>}
          {user.is_operator && <Badge tone="accent">Operador</Badge>}
          {!user.has_password && <Badge tone="warning">Invitación pendiente</Badge>}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Miembro desde</span>
        <span>{formatLongDate(user.created_at)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Ventas / compras</span>
        <span>
          {formatNumber(user.sales_count)} / {formatNumber(user.purchases_count)}
        </span>
        {user.status === 'suspended' && user.suspension_reason && (
          <span className={styles.small}>Motivo de la suspensión: {user.suspension_reason}</span>
        )}
      </div>
      <div className={styles.cell} data-strikes={user.unpaid_strikes}>
        <span className={styles.cellLabel}>Compras sin pagar</span>
        <span>{strikesText(user.unpaid_strikes)}</span>
        {user.unpaid_strikes >= STRIKES_TO_BLOCK && (
          <span>
            <Badge tone="danger">No puede pujar ni comprar</Badge>
          </span>
        )}
      </div>
      <div className={styles.rowActions}>
        {user.unpaid_strikes > 0 && (
          <Button size="sm" onClick={onClearStrikes}>
            Borrar compras sin pagar<span className="sr-only"> de {user.username}</span>
          </Button>
        )}
        {user.status === 'suspended' ? (
          <Button size="sm" onClick={onReinstate}>
            Reactivar<span className="sr-only"> la cuenta de {user.username}</span>
          </Button>
        ) : user.is_operator ? null : (
          <Button size="sm" variant="danger" onClick={onSuspend}>
            Suspender<span className="sr-only"> la cuenta de {user.username}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
