/**
 * The refund path other modules use (a claim refunded by the seller or an operator): a durable
 * refund record written in the caller's transaction, which the refunds job then sends to the
 * processor and retries until done.
 */
export { recordRefund } from './refunds.ts';
