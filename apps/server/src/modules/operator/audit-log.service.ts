import type { AuditAction } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { operatorRepository as repo } from './operator.repository.ts';

/**
 * Records an operator's action in the append-only audit, inside the caller's transaction (so the
 * entry exists exactly when the action does): for actions other modules carry out, such as an
 * operator resolving a claim (`resolve_claim`).
 */
export function recordOperatorAction(
  trx: Database,
  entry: {
    actorId: number;
    action: AuditAction;
    targetType: string;
    targetId: string | number;
    targetLabel: string | null;
    note: string | null;
    at: Date;
  },
): Promise<void> {
  return repo.audit(trx, {
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    target_label: entry.targetLabel,
    note: entry.note,
    created_at: entry.at,
  });
}
