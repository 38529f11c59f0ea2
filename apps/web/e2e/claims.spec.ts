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

// A sale of its own, from tienda_retro to coleccionista_demo, named with this run's tag.
const SELLER = demo.store;
const BUYER = demo.collector;
const run = Date.now().toString(36).slice(-5);

describe('claims: the buyer opens one from Mis Compras, the seller refunds it', () => {
  let browser: Browser;
  let sellerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(SELLER);
  });
  afterAll(() => browser?.close());

  it(
    'opens a claim with tracking shown, the seller refunds, the purchase shows the refund',
    { timeout: 240_000 },
    async () => {
      const productName = `Funko Pop Kiki ${run}`;
      const productId = await createProductViaApi(sellerToken, {
        name: productName,
        categoryName: 'Figuras de vinilo',
        can_be_bought: true,
        sell_price: 72_000,
      });
      const buyerContext = await newContext(browser, PHONE);
      const page = await buyerContext.newPage();
      const buyerToken = await loginAs(page, BUYER);
      const bought = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      await page.goto(bought.body.payment_link);
      await page.getByRole('button', { name: 'Aprobar pago' }).click();
      await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();

      // The seller ships it with a carrier and a tracking number, from the sales page.
      const sellerContext = await newContext(browser, DESKTOP);
      const seller = await sellerContext.newPage();
      await loginAs(seller, SELLER);
      await seller.goto(`${baseUrl()}/products/sold/`);
      await seller
        .getByRole('button', { name: `Marcar como Enviado: ${productName}` })
        .first()
        .click();
      const ship = seller.getByRole('dialog', { name: new RegExp(`Marcar como Enviado: ${productName}`) });
      await ship.getByLabel(/Transportadora/).selectOption('coordinadora');
      await ship.getByRole('button', { name: 'Marcar como Enviado' }).click();
      await ship.getByText('El número de guía es obligatorio para esta transportadora').waitFor();
      await ship.getByLabel(/Número de guía/).fill(`CO-${run}`);
      await checkPage(seller, 'claims-ship-dialog-desktop');
      await ship.getByRole('button', { name: 'Marcar como Enviado' }).click();
      await seller.getByText('¡Producto marcado como enviado exitosamente!').waitFor();

      // The buyer sees the tracking and opens a claim.
      await page.goto(`${baseUrl()}/purchases`);
      const card = page.locator('ul[aria-label="Mis compras"] > li').filter({ hasText: productName });
      await card.getByText(`CO-${run}`).waitFor();
      const trackLink = card.getByRole('link', { name: /Rastrear envío/ });
      expect(await trackLink.getAttribute('href')).toContain(`CO-${run}`);
      await card.getByRole('button', { name: `Abrir reclamo: ${productName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Abrir un reclamo por "${productName}"` });
      await dialog.getByRole('button', { name: 'Enviar reclamo' }).click();
      await dialog.getByText('Elige el motivo del reclamo').waitFor();
      await dialog.getByLabel(/Motivo/).selectOption('danado');
      await dialog.getByLabel(/Describe el problema/).fill('Muy corto');
      await dialog.getByRole('button', { name: 'Enviar reclamo' }).click();
      await dialog.getByText('Describe el problema en al menos 20 caracteres').waitFor();
      await dialog
        .getByLabel(/Describe el problema/)
        .fill(`Llegó con la caja aplastada y una rueda suelta ${run}.`);
      await checkPage(page, 'claims-open-dialog-phone');
      await dialog.getByRole('button', { name: 'Enviar reclamo' }).click();
      await page.waitForURL(/\/claims\/\d+$/);
      const claimUrl = page.url();
      await page.getByRole('heading', { name: `Reclamo por ${productName}`, level: 1 }).waitFor();
      await page.getByText('Reclamo abierto. El vendedor tiene 3 días para responder.').waitFor();
      await page.getByText(`CO-${run}`).waitFor();
      await page.getByLabel('Escribe un mensaje').fill('¿Me puedes ayudar con esto?');
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await page
        .getByRole('list', { name: 'Conversación' })
        .getByText('¿Me puedes ayudar con esto?')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Reembolsar al comprador' }).count()).toBe(0);
      await checkPage(page, 'claims-claim-buyer-phone');

      // The seller sees the claim on the sale and refunds.
      await seller.reload();
      const saleRow = seller.getByRole('row').filter({ hasText: productName });
      await saleRow.getByText('Reclamo: Abierto').waitFor();
      await checkPage(seller, 'claims-sold-with-claim-desktop');
      await saleRow.getByRole('link', { name: new RegExp(`Ver reclamo por ${productName}`) }).click();
      await seller.waitForURL(claimUrl);
      await seller.getByText('¿Me puedes ayudar con esto?').waitFor();
      await checkPage(seller, 'claims-claim-seller-desktop');
      await seller.getByRole('button', { name: 'Reembolsar al comprador' }).click();
      const confirm = seller.getByRole('dialog', { name: 'Reembolsar al comprador' });
      await confirm.getByRole('button', { name: 'Reembolsar al comprador' }).click();
      await seller.getByText('Reembolso solicitado. El comprador recibirá el pago completo.').waitFor();
      await seller.getByText('Reembolsado', { exact: true }).first().waitFor();
      await checkPage(seller, 'claims-claim-refunded-desktop');
      await sellerContext.close();

      // The buyer's purchase shows the refund.
      await page.goto(`${baseUrl()}/purchases`);
      await card.getByText('Reembolsado', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: /Abrir reclamo|Confirmar recepción/ }).count()).toBe(0);
      await checkPage(page, 'claims-purchases-refunded-phone');
      await page.goto(claimUrl);
      await page.getByText('Reembolsado', { exact: true }).first().waitFor();
      await checkPage(page, 'claims-claim-refunded-phone');
      await buyerContext.close();
    },
  );
});
