import { z } from 'zod';
import { PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';

/** A refund is pending until the processor confirms the void; failed when it refused or kept failing. */
export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const;
export type RefundStatusValue = (typeof REFUND_STATUSES)[number];

export const AdminRefundsQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(REFUND_STATUSES, { error: 'El estado debe ser pending, done o failed' }).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** One refund as the operator sees it; amount in whole pesos. */
export const AdminRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  product_name: z.string(),
  buyer_username: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const AdminRefundsResponseSchema = z.object({
  items: z.array(AdminRefundSchema),
  meta: PageMetaSchema,
});
export type AdminRefundsResponse = z.infer<typeof AdminRefundsResponseSchema>;

export const RetryRefundResponseSchema = z.object({ message: z.string(), refund: AdminRefundSchema });
export type RetryRefundResponse = z.infer<typeof RetryRefundResponseSchema>;

export const refundMessages = {
  retried: 'Reintentaremos el reembolso ahora.',
  notFound: 'Reembolso no encontrado',
  notFailed: 'Solo se puede reintentar un reembolso fallido',
  rejectedByProcessor: 'Bold rechazó la anulación',
} as const;

/** What the 'Pagos' tab says of a refund's state. */
export function refundStatusLabel(status: string): string {
  switch (status) {
    case 'pending':
      return 'En curso';
    case 'done':
      return 'Reembolsado';
    case 'failed':
      return 'Fallido';
    default:
      return status;
  }
}
