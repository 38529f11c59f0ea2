import type { AppContext } from '../../platform/context.ts';
import type { PaymentOutcome } from './payment-outcome.ts';
import type { LinkStatus, PaymentProvider } from './payment-provider.ts';

/*
 * Asking the processor about a checkout link, for a single payment or a combined one alike: a
 * lost notification is found this way and applied as the notification would have been.
 */

/**
 * What the processor says about a link, when it can be trusted: null when the query failed, the
 * link is unknown, it belongs to another reference, or it is a sandbox payment in production
 * (Bold's test mode charges nobody: such a payment never confirms a sale).
 */
export async function trustedLinkStatus(
  ctx: AppContext,
  provider: PaymentProvider,
  reference: string,
  linkId: string,
): Promise<LinkStatus | null> {
  const { config, log } = ctx;
  let link: LinkStatus | null;
  try {
    link = await provider.getLinkStatus(linkId);
  } catch (error) {
    log.warn({ err: error, reference }, 'link status query failed');
    return null;
  }
  if (!link) return null;
  if (link.reference && link.reference !== reference) {
    log.error({ reference, linkReference: link.reference }, 'link belongs to another reference');
    return null;
  }
  if (config.NODE_ENV === 'production' && link.isSandbox === true) {
    log.error({ reference, linkId }, 'sandbox payment refused in production');
    return null;
  }
  return link;
}

/** A paid or rejected link as the outcome its notification would have brought; null otherwise. */
export function outcomeOfLink(reference: string, linkId: string, link: LinkStatus): PaymentOutcome | null {
  const base = { paymentId: reference, transactionId: link.transactionId, currency: null, payload: link };
  if (link.status === 'PAID')
    return { ...base, eventKey: `link:${linkId}:PAID`, type: 'SALE_APPROVED', paidPesos: link.total };
  if (link.status === 'REJECTED')
    return { ...base, eventKey: `link:${linkId}:REJECTED`, type: 'SALE_REJECTED', paidPesos: null };
  return null;
}
