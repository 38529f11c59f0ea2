import { formatCOP, paymentMessages as messages, TEST_MODE_BANNER } from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type BoldNotification, buildSaleNotification } from './bold-notification.ts';
import { boldSignature } from './bold-signature.ts';
import { sandboxCombinedLink } from './combined-sandbox.ts';
import { linkDescription } from './payment-links.ts';
import { pesosToCharge } from './payment-provider.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { type SandboxProvider, sandboxTransactionId } from './sandbox-provider.ts';

const LINK_ID = /^LNK_[A-Z0-9]{6,40}$/;

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!,
  );

// A server-rendered page: no script at all, so the strict CSP (script-src 'self') holds;
// the buttons are plain forms posting to the same origin.
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Bold (pruebas)</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f8; color: #1d2030; }
  header { background: #121e6c; color: #fff; padding: 14px 20px; font-weight: 700; letter-spacing: .02em; }
  header span { font-weight: 400; opacity: .85; margin-left: 8px; font-size: .9em; }
  main { max-width: 460px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(18,30,108,.12); padding: 24px; }
  h1 { font-size: 1.25rem; margin: 0 0 16px; }
  dl { margin: 0 0 20px; display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #454a5c; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .amount { font-size: 1.6rem; color: #121e6c; }
  .actions { display: grid; gap: 12px; }
  form { margin: 0; }
  button { width: 100%; font: inherit; font-weight: 600; padding: 12px 16px; border-radius: 8px; border: 0; cursor: pointer; }
  .approve { background: #155932; color: #fff; } .reject { background: #fff; color: #961f19; border: 2px solid #961f19; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .note { color: #454a5c; font-size: .875rem; margin-top: 16px; }
  a { color: #121e6c; }
  .test-mode { margin: 0; background: #fde68a; color: #1d2030; text-align: center; font-weight: 600; padding: 8px 16px; }
</style>
</head>
<body>
<p class="test-mode" role="status">${escapeHtml(TEST_MODE_BANNER)}</p>
<header>Bold <span>Pasarela de pruebas</span></header>
<main><div class="card">${body}</div></main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

function messagePage(reply: FastifyReply, status: number, text: string) {
  return sendPage(
    reply,
    status,
    messages.sandboxTitle,
    `<h1>${escapeHtml(messages.sandboxTitle)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Volver a la tienda</a></p>`,
  );
}

/**
 * The sandbox checkout: shows the amount Bold would charge (whole pesos) and the description with
 * 'Aprobar pago' and 'Rechazar pago'. Either button builds the notification Bold would send,
 * signs it with Bold's scheme and posts it to our own webhook route (the same handler, signature
 * check included), then sends the browser back like Bold's callback does.
 */
export async function sandboxCheckoutRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: SandboxProvider,
) {
  const { db, clock } = ctx;

  /** A notification signed as Bold signs it, delivered to our own webhook route: true when taken. */
  async function deliverToWebhook(notification: BoldNotification): Promise<boolean> {
    const body = JSON.stringify(notification);
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/bold/webhook',
      headers: {
        'content-type': 'application/json',
        'x-bold-signature': boldSignature(body, provider.webhookSecret),
      },
      payload: body,
    });
    if (delivered.statusCode === 200) return true;
    ctx.log.error({ status: delivered.statusCode, body: delivered.body }, 'sandbox notification refused');
    return false;
  }
  // The sandbox's own notifications (a refund's void) reach the webhook like the buttons' do.
  provider.connect(async (notification) => {
    await deliverToWebhook(notification);
  });

  async function findLink(linkId: string) {
    if (!LINK_ID.test(linkId)) return undefined;
    const single = await repo.findByLinkId(db, linkId);
    if (!single) return sandboxCombinedLink(db, linkId);
    return { ...single, description: linkDescription(single, single.product_name) };
  }

  app.get('/sandbox/bold/checkout/:linkId', async (request, reply) => {
    const { linkId } = request.params as { linkId: string };
    const payment = await findLink(linkId);
    if (!payment) return messagePage(reply, 404, messages.sandboxLinkNotFound);
    if (payment.status === 'expired') return messagePage(reply, 410, messages.sandboxLinkExpired);
    if (payment.status !== 'pending') return messagePage(reply, 409, messages.sandboxAlreadyProcessed);
    if (!payment.link_expires_at || payment.link_expires_at <= clock.now()) {
      return messagePage(reply, 410, messages.sandboxLinkExpired);
    }
    const { description } = payment;
    const action = `/sandbox/bold/checkout/${linkId}`;
    return sendPage(
      reply,
      200,
      'Pagar',
      `<h1>Completa tu pago</h1>
<dl>
  <dt>Monto</dt><dd class="amount">${escapeHtml(formatCOP(pesosToCharge(payment.amount)))} COP</dd>
  <dt>Descripción</dt><dd>${escapeHtml(description)}</dd>
  <dt>Referencia</dt><dd>${escapeHtml(payment.id)}</dd>
</dl>
<div class="actions">
  <form method="post" action="${action}/approve"><button type="submit" class="approve">Aprobar pago</button></form>
  <form method="post" action="${action}/reject"><button type="submit" class="reject">Rechazar pago</button></form>
</div>
<p class="note">Entorno de pruebas: no se realiza ningún cobro real.</p>`,
    );
  });

  await app.register(async (scope) => {
    // The buttons are plain HTML forms; their (empty) urlencoded body carries nothing we read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );

    const decide =
      (type: 'SALE_APPROVED' | 'SALE_REJECTED') =>
      async (request: { params: unknown }, reply: FastifyReply) => {
        const { linkId } = request.params as { linkId: string };
        const payment = await findLink(linkId);
        if (!payment) return messagePage(reply, 404, messages.sandboxLinkNotFound);
        if (payment.status === 'expired') return messagePage(reply, 410, messages.sandboxLinkExpired);
        // A second click (or a double submit) of this checkout lands on the result, not on an error.
        const settled =
          payment.status === 'confirmed' ? 'approved' : payment.status === 'rejected' ? 'rejected' : null;
        if (settled)
          return reply.redirect(`/payment?bold-order-id=${payment.id}&bold-tx-status=${settled}`, 303);
        if (payment.status !== 'pending') return messagePage(reply, 409, messages.sandboxAlreadyProcessed);
        if (!payment.link_expires_at || payment.link_expires_at <= clock.now()) {
          return messagePage(reply, 410, messages.sandboxLinkExpired);
        }
        const notification = buildSaleNotification({
          type,
          reference: payment.id,
          // One charge per link, as at Bold: clicks that race past the pending check above carry
          // the same transaction, which the webhook applies once (not as a second, refundable charge).
          transactionId: sandboxTransactionId(linkId),
          totalPesos: pesosToCharge(payment.amount),
          now: clock.now(),
        });
        provider.settleLink(linkId, type === 'SALE_APPROVED' ? 'PAID' : 'REJECTED');
        if (!(await deliverToWebhook(notification))) return messagePage(reply, 502, messages.linkFailed);
        const status = type === 'SALE_APPROVED' ? 'approved' : 'rejected';
        return reply.redirect(`/payment?bold-order-id=${payment.id}&bold-tx-status=${status}`, 303);
      };
    scope.post('/sandbox/bold/checkout/:linkId/approve', decide('SALE_APPROVED'));
    scope.post('/sandbox/bold/checkout/:linkId/reject', decide('SALE_REJECTED'));
  });

  // A lost webhook, to test with: the link is paid at the sandbox and nothing is notified; the
  // reconciliation job (or the check at the window's end) has to find it.
  app.post('/sandbox/bold/checkout/:linkId/approve-silently', async (request, reply) => {
    const { linkId } = request.params as { linkId: string };
    const payment = await findLink(linkId);
    if (!payment || !provider.settleLink(linkId, 'PAID')) {
      return reply.status(404).send({ message: messages.sandboxLinkNotFound, code: 'LINK_NOT_FOUND' });
    }
    return { link_id: linkId, status: (await provider.getLinkStatus(linkId))?.status ?? 'PAID' };
  });

  // While on, every refund asked of the sandbox is refused, as Bold's VOID_REJECTED says.
  app.post('/sandbox/bold/refunds/reject', async (request, reply) => {
    const reject = (request.body as { reject?: unknown } | null)?.reject;
    if (typeof reject !== 'boolean') {
      return reply.status(400).send({
        message: 'Indica "reject": true o false',
        code: 'VALIDATION_FAILED',
        errors: ['Indica "reject": true o false'],
      });
    }
    provider.setRejectRefunds(reject);
    return { reject };
  });
}
