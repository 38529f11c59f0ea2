import { readBoldWebhook } from './bold-notification.ts';
import type {
  CreatedLink,
  CreateLinkInput,
  LinkStatus,
  PaymentProvider,
  RefundInput,
} from './payment-provider.ts';
import { PaymentProviderError, PaymentProviderTimeout, pesosToCharge } from './payment-provider.ts';

/*
 * Bold's "API Link de pagos" (developers.bold.co/pagos-en-linea/api-link-de-pagos), base URL
 * https://integrations.api.bold.co, every request with the header
 * `Authorization: x-api-key <llave de identidad>`:
 *
 * - Create a link: `POST /online/link/v1` with
 *     { amount_type: "CLOSE", amount: { currency: "COP", total_amount, tip_amount, taxes },
 *       reference, description, expiration_date, callback_url, payer_email? }
 *   `total_amount` is in whole pesos (not centavos); `expiration_date` is a POSIX time in
 *   nanoseconds; `reference` comes back in the webhook as `data.metadata.reference`.
 *   Answer: { payload: { payment_link: "LNK_…", url: "https://checkout.bold.co/payment/LNK_…" },
 *   errors: [] }.
 * - A link's state: `GET /online/link/v1/{payment_link}` answers the link itself
 *   ({ id, status, total, reference, transaction_id, payment_method, is_sandbox, … }; seen both
 *   bare and wrapped in `payload`, so both are read). `status` is one of ACTIVE, PROCESSING,
 *   PAID, REJECTED, CANCELLED, EXPIRED.
 * - The webhook (developers.bold.co/webhook): a CloudEvents-like JSON
 *   { id, type: SALE_APPROVED | SALE_REJECTED | VOID_APPROVED | VOID_REJECTED, subject, source,
 *     spec_version, time, data: { payment_id, merchant_id, created_at,
 *     amount: { currency, total, taxes, tip }, metadata: { reference }, payment_method, … },
 *     datacontenttype }
 *   signed in the `x-bold-signature` header (see bold-signature.ts). Notifications of links may
 *   arrive up to 10 minutes late and are retried up to 5 times until answered with 200, which is
 *   why the server also asks for the link's state and why handling them is idempotent.
 */

/*
 * Refunds (voids) of a charge: `POST /online/payment/{transaction_id}/void` with
 * { reference, amount: { currency, total_amount } }, answered with
 * { payload: { void_id | id, status }, errors: [] }. Bold's public pages reachable while this was
 * written describe links, payment intents and the webhook (whose VOID_APPROVED / VOID_REJECTED
 * events confirm a void) but not this request's exact path: it is kept in REFUND_PATH, in one
 * place, to be checked against the merchant's API documentation before going live. A failed call
 * is retried by the refunds job, never lost.
 */
const REFUND_PATH = (transactionId: string) => `/online/payment/${encodeURIComponent(transactionId)}/void`;

/** A call to Bold that has not answered in this time fails (and changes nothing on our side). */
export const BOLD_TIMEOUT_MS = 10_000;

export interface BoldOptions {
  apiUrl: string;
  apiKey: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Default BOLD_TIMEOUT_MS; shorter only in tests. */
  timeoutMs?: number;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

export function createBoldProvider(options: BoldOptions): PaymentProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? BOLD_TIMEOUT_MS;
  const headers = { Authorization: `x-api-key ${options.apiKey}`, accept: 'application/json' };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    // One deadline for the whole exchange, answer body included.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw new PaymentProviderTimeout(`Bold did not answer within ${timeoutMs} ms`);
      throw new PaymentProviderError(`Bold unreachable: ${(error as Error).name}`);
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      const errors = (data as { errors?: unknown } | null)?.errors;
      throw new PaymentProviderError(
        `Bold answered ${response.status}: ${JSON.stringify(errors ?? text).slice(0, 300)}`,
      );
    }
    return data;
  }

  return {
    name: 'bold',
    webhookSecret: options.secretKey,
    parseWebhook: (rawBody, signature) => readBoldWebhook(rawBody, signature, options.secretKey),

    async createLink(input: CreateLinkInput): Promise<CreatedLink> {
      const seconds = Math.floor(input.expiresAt.getTime() / 1000);
      const body: Record<string, unknown> = {
        amount_type: 'CLOSE',
        amount: {
          currency: 'COP',
          total_amount: pesosToCharge(input.amountCentavos),
          tip_amount: 0,
          taxes: [],
        },
        reference: input.reference,
        description: input.description.slice(0, 100),
        // Nanoseconds; whole seconds × 1e9 stays exact in a double until the year 2116.
        expiration_date: seconds * 1e9,
        callback_url: input.callbackUrl,
      };
      if (input.payerEmail) body.payer_email = input.payerEmail;
      const data = (await call('POST', '/online/link/v1', body)) as {
        payload?: { payment_link?: unknown; url?: unknown };
      } | null;
      const linkId = str(data?.payload?.payment_link);
      const url = str(data?.payload?.url);
      if (!linkId || !url || !/^https?:\/\//.test(url)) {
        throw new PaymentProviderError('Bold created no payment link');
      }
      return { linkId, url };
    },

    async refund(input: RefundInput): Promise<{ refundId: string }> {
      if (!input.transactionId) throw new PaymentProviderError('No Bold transaction to refund');
      const data = (await call('POST', REFUND_PATH(input.transactionId), {
        reference: input.paymentId,
        amount: { currency: input.currency, total_amount: pesosToCharge(input.amountCentavos) },
      })) as { payload?: Record<string, unknown> } | null;
      const payload = data?.payload ?? {};
      const refundId = str(payload.void_id) ?? str(payload.id) ?? str(payload.refund_id);
      if (!refundId) throw new PaymentProviderError('Bold answered a void without id');
      return { refundId };
    },

    async getLinkStatus(linkId: string): Promise<LinkStatus> {
      const data = (await call('GET', `/online/link/v1/${encodeURIComponent(linkId)}`)) as Record<
        string,
        unknown
      > | null;
      const link = ((data?.payload as Record<string, unknown> | undefined) ?? data ?? {}) as Record<
        string,
        unknown
      >;
      const status = str(link.status);
      if (!status) throw new PaymentProviderError('Bold answered a link without status');
      return {
        status: status.toUpperCase(),
        reference: str(link.reference),
        total: typeof link.total === 'number' && Number.isFinite(link.total) ? link.total : null,
        transactionId: str(link.transaction_id),
        isSandbox: typeof link.is_sandbox === 'boolean' ? link.is_sandbox : null,
      };
    },
  };
}
