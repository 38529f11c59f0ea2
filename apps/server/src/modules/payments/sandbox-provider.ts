import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { type BoldNotification, buildSaleNotification, readBoldWebhook } from './bold-notification.ts';
import { type LinkStatus, type PaymentProvider, pesosToCharge } from './payment-provider.ts';

/** `LNK_` and 12 characters, like Bold's link ids. */
function newSandboxLinkId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(12);
  let id = 'LNK_';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

/** The one charge a sandbox link makes: the notification and the link's state name it alike. */
export const sandboxTransactionId = (linkId: string) => `SBX${linkId.slice('LNK_'.length)}`;

interface SandboxLink {
  reference: string;
  totalPesos: number;
  expiresAt: Date;
  status: 'ACTIVE' | 'PAID' | 'REJECTED';
}

/** Delivers a signed notification to our own webhook route, as Bold would. */
type SandboxDeliver = (notification: BoldNotification) => Promise<void>;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Records what the buyer did at the checkout (with or without a notification); false for a link it does not know. */
  settleLink(linkId: string, status: 'PAID' | 'REJECTED'): boolean;
  /** While true every refund asked of the sandbox is refused, as Bold's VOID_REJECTED says. */
  setRejectRefunds(reject: boolean): void;
  /** The webhook delivery the sandbox's own notifications go through (set by its routes). */
  connect(deliver: SandboxDeliver): void;
}

/**
 * The local stand-in of Bold: the checkout is our own page, the same origin, at
 * `/sandbox/bold/checkout/{linkId}`; its buttons deliver a notification signed exactly like
 * Bold's. It remembers each link it made, so asking about a link answers like Bold's link query
 * (ACTIVE, PAID, REJECTED, EXPIRED) — also for a link approved without a notification, which is
 * how a lost webhook is tested. A refund is answered by the notification Bold sends for a void.
 * The memory is this process's: after a restart the sandbox knows no earlier link (it answers
 * nothing to apply) and every server process keeps its own.
 */
export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'settleLink' in provider;
}

export function createSandboxProvider(webhookSecret: string, clock: Clock): SandboxProvider {
  const links = new Map<string, SandboxLink>();
  let rejectRefunds = false;
  let deliver: SandboxDeliver | null = null;

  return {
    name: 'sandbox',
    webhookSecret,
    parseWebhook: (rawBody, signature) => readBoldWebhook(rawBody, signature, webhookSecret),

    async createLink(input) {
      const linkId = newSandboxLinkId();
      links.set(linkId, {
        reference: input.reference,
        totalPesos: pesosToCharge(input.amountCentavos),
        expiresAt: input.expiresAt,
        status: 'ACTIVE',
      });
      return { linkId, url: `${input.origin}/sandbox/bold/checkout/${linkId}` };
    },

    async getLinkStatus(linkId): Promise<LinkStatus | null> {
      const link = links.get(linkId);
      if (!link) return null;
      const expired = link.status === 'ACTIVE' && link.expiresAt <= clock.now();
      return {
        status: expired ? 'EXPIRED' : link.status,
        reference: link.reference,
        total: link.totalPesos,
        transactionId: link.status === 'ACTIVE' ? null : sandboxTransactionId(linkId),
        isSandbox: null,
      };
    },

    settleLink(linkId, status) {
      const link = links.get(linkId);
      if (!link) return false;
      if (link.status === 'ACTIVE') link.status = status;
      return true;
    },

    setRejectRefunds(reject) {
      rejectRefunds = reject;
    },

    connect(fn) {
      deliver = fn;
    },

    // Nothing was charged: the request is accepted under a sandbox id, and the void's outcome is
    // notified through the webhook like Bold's, before answering.
    async refund(input) {
      const refundId = `SBXR${randomBytes(6).toString('hex').toUpperCase()}`;
      if (deliver) {
        const base = buildSaleNotification({
          type: 'SALE_APPROVED',
          reference: input.paymentId,
          transactionId: input.transactionId ?? refundId,
          totalPesos: pesosToCharge(input.amountCentavos),
          now: clock.now(),
        });
        await deliver({
          ...base,
          type: rejectRefunds ? 'VOID_REJECTED' : 'VOID_APPROVED',
          data: { ...base.data, payment_id: input.transactionId },
        });
      }
      return { refundId };
    },
  };
}
