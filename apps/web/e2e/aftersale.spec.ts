import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

// Products of its own, sold by tienda_retro to coleccionista_demo, named with this run's tag.
const SELLER = demo.store;
const BUYER = demo.collector;
const run = Date.now().toString(36).slice(-5);

describe('after the sale: held payout, receipt, rating', () => {
  let browser: Browser;
  let sellerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(SELLER);
  });
  afterAll(() => browser?.close());

  it('a buyer pays, confirms receipt and rates; the seller sees the payout go from held to payable', async () => {
    const productName = `Funko Pop Totoro ${run}`;
    const productId = await createProductViaApi(sellerToken, {
      name: productName,
      categoryName: 'Figuras de vinilo',
      can_be_bought: true,
      sell_price: 64_000,
    });

    // The buyer pays through the sandbox checkout.
    const buyerContext = await newContext(browser, PHONE);
    const page = await buyerContext.newPage();
    const buyerToken = await loginAs(page, BUYER);
    const bought = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await page.goto(bought.body.payment_link);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();

    // Mis Compras from the Actividad menu: paid, waiting for shipping.
    await page.goto(`${baseUrl()}/`);
    // At phone width the navigation is behind the 'Menú' toggle.
    await page.getByRole('button', { name: /Menú/ }).click();
    await page.getByRole('button', { name: /Actividad/ }).click();
    await page.getByRole('menuitem', { name: 'Mis Compras' }).click();
    await page.waitForURL(/\/purchases$/);
    await page.getByRole('heading', { name: 'Mis Compras', level: 1 }).waitFor();
    const card = page.locator('ul[aria-label="Mis compras"] > li').filter({ hasText: productName });
    await card.waitFor();
    await card.getByText('Pendiente', { exact: true }).waitFor();
    await card.getByText('El vendedor está preparando el envío.').waitFor();
    expect(await card.getByRole('button', { name: /Confirmar recepción/ }).count()).toBe(0);

    // The seller's payout is held.
    const sellerContext = await newContext(browser, DESKTOP);
    const seller = await sellerContext.newPage();
    await loginAs(seller, SELLER);
    await seller.goto(`${baseUrl()}/seller/payments`);
    const payout = seller.getByRole('button', {
      name: new RegExp(`Ver detalle del pago .* de ${productName}`),
    });
    await payout.getByText('Retenido hasta la entrega').waitFor();
    await seller.getByRole('definition').filter({ hasText: '$' }).first().waitFor();
    await checkPage(seller, 'aftersale-payout-held-desktop');

    // Shipped: the buyer confirms receipt.
    const shipped = await apiCall('POST', '/api/products/change_shipping_status', sellerToken, {
      product_id: productId,
      shipping_status: 'shipped',
    });
    expect(shipped.status).toBe(200);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await card.getByText('Enviado', { exact: true }).waitFor();
    await checkPage(page, 'aftersale-purchases-shipped-phone');
    // Asked first (it releases the payout and cannot be undone); cancelling changes nothing.
    const opener = card.getByRole('button', { name: `Confirmar recepción: ${productName}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar recepción' });
    await dialog.getByText(`¿Ya recibiste "${productName}"?`, { exact: false }).waitFor();
    await checkPage(page, 'aftersale-confirm-delivery-dialog-phone');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Enviado', { exact: true }).waitFor();
    await opener.click();
    await dialog.getByRole('button', { name: 'Sí, lo recibí' }).click();
    // The message takes the focus, so it is in view on a phone whichever card was confirmed.
    const notice = page.getByText('¡Recepción confirmada! Gracias por avisar al vendedor.');
    await notice.waitFor();
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    await card.getByText('Entregado', { exact: true }).waitFor();

    // Rating: submitting without stars says why; then 4 stars and a comment.
    const form = card.getByRole('form', { name: `Calificar al vendedor: ${productName}` });
    await form.getByRole('button', { name: 'Enviar calificación' }).click();
    await form.getByText('Elige una calificación de 1 a 5 estrellas').waitFor();
    await form.locator('label', { hasText: '4 estrellas (Bueno)' }).click();
    expect(await form.getByRole('radio', { name: '4 estrellas (Bueno)' }).isChecked()).toBe(true);
    await form.getByLabel('Comentario (opcional)').fill(`Llegó muy bien empacado ${run}`);
    await checkPage(page, 'aftersale-rating-form-phone');
    await form.getByRole('button', { name: 'Enviar calificación' }).click();
    await page.getByText('¡Gracias por tu calificación!').waitFor();
    await card.getByText('Tu calificación:').waitFor();
    await card.getByRole('img', { name: '4 de 5 estrellas' }).waitFor();
    await checkPage(page, 'aftersale-purchases-rated-phone');

    // Reloaded, the rating is still there (it came from the server).
    await page.reload();
    await card.getByText('Tu calificación:').waitFor();
    await buyerContext.close();

    // Delivered: the seller's payout waits out the claim window.
    await seller.reload();
    await payout.getByText(/En periodo de reclamos hasta/).waitFor();
    await checkPage(seller, 'aftersale-payout-payable-desktop');

    // The rating on the seller's public profile, at both widths.
    await seller.goto(`${baseUrl()}/profile/tienda_retro`);
    const ratings = seller.getByRole('list', { name: 'Calificaciones del vendedor' });
    await ratings.getByText(`Llegó muy bien empacado ${run}`).waitFor();
    await seller
      .getByText(/de 5 \(\d+ calificaci/)
      .first()
      .waitFor();
    await checkPage(seller, 'aftersale-profile-ratings-desktop');
    await sellerContext.close();

    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await phone.goto(`${baseUrl()}/profile/tienda_retro`);
    await phone.getByText(`Llegó muy bien empacado ${run}`).waitFor();
    await checkPage(phone, 'aftersale-profile-ratings-phone');
    await phoneContext.close();
  });

  it('the purchases page asks for login, and shows its empty state to a user with none', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/purchases`);
    await page.waitForURL(/\/login$/);
    await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/purchases`);
    await page.getByRole('heading', { name: 'Mis Compras', level: 1 }).waitFor();
    await page.getByText('Todavía no has comprado ningún producto').waitFor();
    await checkPage(page, 'aftersale-purchases-empty-phone');
    await context.close();
  });
});
