import { formatCOP, type ProductStatus, productMessages } from '@app/contracts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

const STATUS_LABELS: Record<ProductStatus, string> = {
  available: 'Disponible',
  in_auction: 'En subasta',
  sold: 'Vendido',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ProductStatus] ?? 'Desconocido';
}

/** The badge tone of a product status. */
export function statusBadgeTone(status: string): BadgeTone {
  if (status === 'available') return 'success';
  if (status === 'in_auction') return 'live';
  if (status === 'cancelled') return 'danger';
  return 'info';
}

/** Brand or 'Sin marca'. */
export const brandLabel = (brand: string | null | undefined) => brand || productMessages.noBrand;

/** "$ 65.000", or 'N/A' when there is no price. */
export const priceLabel = (value: number | null | undefined) =>
  value === null || value === undefined ? 'N/A' : formatCOP(value);
