import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  downloadedText,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';

/**
 * Paying sellers from the operator console: a payout is payable once the buyer received the item
 * and the claim window (7 days by default) passed. Moving the clock a week would end the demo
 * auctions the other browser tests bid on, so this file runs a server of its own.
 */
const run = Date.now().toString(36).slice(-5);
const CLAIM_WINDOW = 7 * 24 * 3600;
/** Two purchases, a console and a seller's page: more than the default 90 s on a busy machine. */
const FLOW_TIMEOUT = 240_000;

/** A buy-now product of `sellerToken`'s, bought and paid by `buyerEmail` through the sandbox checkout. */
async function sellAndPay(browser: Browser, sellerToken: string, buyerEmail: string, name: string) {
  const productId = await createProductViaApi(sellerToken, {
    name,
    categoryName: 'Figuras de vinilo',
    can_be_bought: true,
    sell_price: 80_000,
  });
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  const buyerToken = await loginAs(page, buyerEmail);
  const bought = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  await page.goto(bought.body.payment_link);
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();
  await context.close();
  return { productId, buyerToken };
}

/** Shipped by the seller and received by the buyer: its payout is held through the claim window. */
async function deliver(productId: number, sellerToken: string, buyerToken: string) {
  const shipped = await apiCall('POST', '/api/products/change_shipping_status', sellerToken, {
    product_id: productId,
    shipping_status: 'shipped',
  });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  const received = await apiCall('POST', '/api/products/confirm_delivery', buyerToken, {
    product_id: productId,
  });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
}

describe('paying sellers from the operator console', () => {
  const own = withOwnServer();

  it(
    'pays payouts all or nothing, and the seller sees them paid with the transfer reference',
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const first = `Hot Wheels Bone Shaker ${run}`;
      const second = `Matchbox Land Rover ${run}`;
      const a = await sellAndPay(own.browser, sellerToken, demo.buyer, first);
      const b = await sellAndPay(own.browser, sellerToken, demo.collector, second);
      await deliver(a.productId, sellerToken, a.buyerToken);
      await deliver(b.productId, sellerToken, b.buyerToken);
      // Nobody claims within the window: both payouts become payable.
      const clock = await apiCall('POST', '/api/test/clock', undefined, {
        advance_seconds: CLAIM_WINDOW + 60,
      });
      expect(clock.status).toBe(200);
      // Sessions last 7 days: the ones opened before the clock moved have ended.
      const operatorToken = await apiLogin(demo.operator);

      const context = await newContext(own.browser, DESKTOP);
      const page = await context.newPage();
      await loginAs(page, demo.operator);
      await page.goto(`${baseUrl()}/admin?tab=pagos`);
      const panel = page.getByRole('tabpanel', { name: 'Pagos' });
      const rowOf = (name: string) => panel.locator('li').filter({ hasText: name });
      await rowOf(first).waitFor();
      await rowOf(second).waitFor();
      // The seller's bank account is on the row, for the transfer.
      await rowOf(first).getByText('Cuenta bancaria').waitFor();
      await rowOf(first).getByText('Por pagar').waitFor();

      // The CSV export comes through the API with the session, as a file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      const csv = await downloadedText(download);
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv.slice(1).split(/\r?\n/)[0]).toMatch(
        /^id,seller_username,seller_email,product_id,product_name/,
      );
      expect(csv).toContain(first);
      expect(csv).toContain(second);

      await panel.getByRole('checkbox', { name: `Seleccionar el pago de ${first} a vendedor_demo` }).check();
      await panel.getByRole('checkbox', { name: `Seleccionar el pago de ${second} a vendedor_demo` }).check();
      await panel.getByRole('button', { name: 'Marcar como pagados (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Marcar como pagados' });
      await dialog.getByText(/2 pagos por un total de/).waitFor();
      await dialog.getByLabel(/Referencia de la transferencia/).fill(`TRF-UI-${run}`);
      await checkPage(page, 'admin-mark-paid-dialog-desktop');

      // Meanwhile another operator pays the second one: the batch is refused whole, naming it.
      const payouts = await apiCall<{ items: Array<{ id: string; product_name: string }> }>(
        'GET',
        '/api/admin/payouts?status=payable&size=100',
        operatorToken,
      );
      const secondId = payouts.body.items.find((p) => p.product_name === second)!.id;
      const paidElsewhere = await apiCall('POST', '/api/admin/payouts/mark-paid', operatorToken, {
        payout_ids: [secondId],
        reference: `TRF-API-${run}`,
      });
      expect(paidElsewhere.status, JSON.stringify(paidElsewhere.body)).toBe(200);
      await dialog.getByRole('button', { name: 'Marcar como pagados' }).click();
      await dialog.getByText(/no está disponible para pago.*No se marcó ningún pago/).waitFor();
      await checkPage(page, 'admin-mark-paid-409-desktop');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      // The list was read again: only the first is still payable, and it stays chosen.
      await rowOf(second).waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: 'Marcar como pagados (1)' }).click();
      await dialog.getByLabel(/Referencia de la transferencia/).fill(`TRF-UI-${run}`);
      await dialog.getByRole('button', { name: 'Marcar como pagados' }).click();
      await panel.getByText('1 pago marcado como pagado.').waitFor();
      await rowOf(first).waitFor({ state: 'detached' });

      await panel.getByLabel('Estado').selectOption('paid');
      await rowOf(first).getByText(`TRF-UI-${run}`).waitFor();
      await rowOf(second).getByText(`TRF-API-${run}`).waitFor();
      await context.close();

      // The seller's page: 'Pagado' with the date and the reference.
      const sellerContext = await newContext(own.browser, PHONE);
      const seller = await sellerContext.newPage();
      await loginAs(seller, demo.seller);
      await seller.goto(`${baseUrl()}/seller/payments`);
      const paid = seller.getByRole('button', { name: new RegExp(`Ver detalle del pago .* de ${first}`) });
      await paid.getByText('Pagado', { exact: true }).waitFor();
      await paid.getByText(`TRF-UI-${run}`).waitFor();
      const other = seller.getByRole('button', { name: new RegExp(`Ver detalle del pago .* de ${second}`) });
      await other.getByText(`TRF-API-${run}`).waitFor();
      await checkPage(seller, 'admin-seller-payout-paid-phone');
      await paid.click();
      const detail = seller.getByRole('dialog', { name: 'Detalle del pago' });
      await detail.getByText('Referencia de la transferencia').waitFor();
      await detail.getByText(`TRF-UI-${run}`).waitFor();
      await checkPage(seller, 'admin-seller-payout-detail-phone');
      await sellerContext.close();
    },
    FLOW_TIMEOUT,
  );
});
