import { adminMessages } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { isOperator } from '../users/users.service.ts';

interface Visible {
  owner_id: number;
  taken_down_at: Date | null;
}

/**
 * Whether the viewer (null: nobody logged in) may see the product: anyone, until an operator
 * takes it down; from then on only its owner and the operators.
 */
export async function canSeeProduct(
  db: Database,
  product: Visible,
  viewerId: number | null,
): Promise<boolean> {
  if (!product.taken_down_at) return true;
  if (viewerId === null) return false;
  return product.owner_id === viewerId || isOperator(db, viewerId);
}

/** 404 'Este producto fue retirado' for a viewer who may not see the product. */
export async function assertProductVisible(
  db: Database,
  product: Visible,
  viewerId: number | null,
): Promise<void> {
  if (!(await canSeeProduct(db, product, viewerId))) {
    throw notFound('PRODUCT_TAKEN_DOWN', adminMessages.productTakenDown);
  }
}
