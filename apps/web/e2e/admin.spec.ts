import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

/**
 * The operator console (operador_demo): inviting a seller who chooses a password and logs in,
 * paying payouts (with the all-or-nothing 409) that the seller then sees paid, and taking down a
 * product a buyer reported. Names carry this run's tag.
 */
const run = Date.now().toString(36).slice(-5);
/** Each flow walks several pages in several browsers: more than the default 90 s on a busy machine. */
const FLOW_TIMEOUT = 240_000;

async function checkPage(page: Page, name: string) {
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, name);
}

/** Waits for the tab's content: its panel, and no loading text left in it. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel', { name });
  await panel.waitFor();
  await panel
    .getByRole('status')
    .filter({ hasText: /^Cargando/ })
    .waitFor({ state: 'detached' });
  return panel;
}

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

/** Shipped by the seller and received by the buyer: its payout becomes payable. */
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

describe('the operator console', () => {
  let browser: Browser;
  let operatorToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    operatorToken = await apiLogin(demo.operator);
  });
  afterAll(() => browser?.close());

  it(
    'is in the Actividad menu of operators only; anyone else gets a page that says no',
    async () => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await loginAs(page, demo.buyer);
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('button', { name: /Actividad/ }).click();
      await page.getByRole('menuitem', { name: 'Mis Compras' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Administración' }).count()).toBe(0);
      await page.goto(`${baseUrl()}/admin?tab=pagos`);
      await page.getByRole('heading', { name: 'No tienes permiso para ver esta página', level: 1 }).waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
      await checkPage(page, 'admin-no-permission-desktop');

      await loginAs(page, demo.operator);
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('button', { name: /Actividad/ }).click();
      await page.getByRole('menuitem', { name: 'Administración' }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Resumen');
      await context.close();
    },
    FLOW_TIMEOUT,
  );

  it(
    'invites a seller, who chooses a password on the link and is logged in; the link then is used',
    async () => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await loginAs(page, demo.operator);
      await page.goto(`${baseUrl()}/admin?tab=usuarios`);
      const panel = page.getByRole('tabpanel', { name: 'Usuarios' });
      const username = `invitada_${run}`;
      const email = `invitada.${run}@example.com`;
      await panel.getByLabel(/Correo electrónico/).fill(email);
      await panel.getByLabel(/Nombre de usuario/).fill(username);
      await panel.getByLabel('Puede vender (cuenta de vendedor)').check();
      await panel.getByRole('button', { name: 'Crear invitación' }).click();
      await panel.getByText('Invitación creada. Comparte el enlace con la persona invitada.').waitFor();
      const inviteUrl = await panel.getByLabel('Enlace de invitación').inputValue();
      expect(inviteUrl).toMatch(new RegExp(`^${baseUrl()}/invite/[^/]+$`));
      // The account is listed, still waiting for its password.
      await panel.getByLabel('Buscar por usuario o correo').fill(username);
      await panel.getByRole('button', { name: 'Buscar' }).click();
      const row = panel.locator('li').filter({ hasText: email });
      await row.getByText('Invitación pendiente').waitFor();
      await row.getByText('Vendedor', { exact: true }).waitFor();
      await checkPage(page, 'admin-invite-created-desktop');

      // The invited person, on a phone without a session.
      const phone = await newContext(browser, PHONE);
      const invited = await phone.newPage();
      await invited.goto(inviteUrl);
      await invited
        .getByText(`Hola, ${username}. Elige una contraseña para entrar a Coleccionables.`)
        .waitFor();
      await invited.getByText(email).waitFor();
      await checkPage(invited, 'admin-invite-page-phone');
      await invited.getByLabel(/^Nueva contraseña/).fill('clave-de-prueba');
      await invited.getByLabel(/^Confirmar nueva contraseña/).fill('otra-clave');
      await invited.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
      await invited.getByText('Las contraseñas no coinciden').waitFor();
      await invited.getByLabel(/^Confirmar nueva contraseña/).fill('clave-de-prueba');
      await invited.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
      await invited.waitForURL(/\/profile$/);
      await invited.getByRole('heading', { name: 'Mi Perfil', level: 1 }).waitFor();
      await invited.getByText(username).first().waitFor();
      const token = await invited.evaluate(() => localStorage.getItem('jwt_token'));
      const profile = await apiCall('GET', '/api/users/profile', token!);
      expect(profile.body).toMatchObject({ username, email, is_seller: true, is_operator: false });
      // The password works for a normal login too.
      expect(
        (await apiCall('POST', '/api/users/login', undefined, { email, password: 'clave-de-prueba' })).status,
      ).toBe(200);

      // The link was good once.
      await invited.goto(inviteUrl);
      await invited.getByRole('heading', { name: 'Esta invitación no está disponible', level: 1 }).waitFor();
      await invited.getByText(/ya fue usada/).waitFor();
      await checkPage(invited, 'admin-invite-used-phone');
      await phone.close();

      await page.reload();
      await panel.getByLabel('Buscar por usuario o correo').fill(username);
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await row.getByText('Activa').waitFor();
      expect(await row.getByText('Invitación pendiente').count()).toBe(0);
      await context.close();
    },
    FLOW_TIMEOUT,
  );

  // Skipped until it runs on a server of its own: a delivered sale's payout is payable only once
  // the 7-day claim window has passed, and moving the shared server's clock 7 days would end the
  // demo auctions the other browser tests bid on. The rules are covered through the API in
  // apps/server/test/modules/operator/payouts.test.ts.
  it.skip(
    'pays payouts all or nothing, and the seller sees them paid with the transfer reference',
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const first = `Hot Wheels Bone Shaker ${run}`;
      const second = `Matchbox Land Rover ${run}`;
      const a = await sellAndPay(browser, sellerToken, demo.buyer, first);
      const b = await sellAndPay(browser, sellerToken, demo.collector, second);
      await deliver(a.productId, sellerToken, a.buyerToken);
      await deliver(b.productId, sellerToken, b.buyerToken);

      const context = await newContext(browser, DESKTOP);
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
      const csv = readFileSync((await download.path())!, 'utf8');
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
      const sellerContext = await newContext(browser, PHONE);
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

  it(
    'a buyer reports a product; the operator takes it down and it leaves the site',
    async () => {
      const storeToken = await apiLogin(demo.store);
      const name = `Figura sospechosa ${run}`;
      const productId = await createProductViaApi(storeToken, {
        name,
        categoryName: 'Figuras de vinilo',
        can_be_bought: true,
        sell_price: 45_000,
      });

      const buyerContext = await newContext(browser, PHONE);
      const buyer = await buyerContext.newPage();
      await loginAs(buyer, demo.collector);
      await buyer.goto(`${baseUrl()}/products/buy/${productId}`);
      await buyer.getByRole('heading', { name, level: 1 }).waitFor();
      await buyer.getByRole('button', { name: `Denunciar ${name}` }).click();
      const dialog = buyer.getByRole('dialog', { name: 'Denunciar esta publicación' });
      await dialog.getByLabel(/Motivo/).selectOption('prohibido');
      await dialog.getByLabel(/Comentario/).fill('Parece una réplica vendida como original.');
      await checkPage(buyer, 'admin-report-dialog-phone');
      await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
      await dialog.getByText('Gracias por avisarnos. Nuestro equipo revisará tu denuncia.').waitFor();
      await dialog.getByRole('button', { name: 'Listo' }).click();
      // A second report on the same product while the first is open: the server's 409.
      await buyer.getByRole('button', { name: `Denunciar ${name}` }).click();
      await dialog.getByLabel(/Motivo/).selectOption('fraude');
      await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
      await dialog.getByText('Ya enviaste una denuncia sobre esto y la estamos revisando.').waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      // Profiles have it too; the owner never sees it on their own.
      await buyer.goto(`${baseUrl()}/public-profile/tienda_retro`);
      await buyer.getByRole('button', { name: 'Denunciar tienda_retro' }).waitFor();
      await checkPage(buyer, 'admin-report-profile-phone');

      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await loginAs(page, demo.operator);
      await page.goto(`${baseUrl()}/admin?tab=denuncias`);
      const panel = page.getByRole('tabpanel', { name: 'Denuncias' });
      const row = panel.locator('li').filter({ hasText: name });
      await row.getByRole('link', { name }).waitFor();
      expect(await row.getByRole('link', { name }).getAttribute('href')).toBe(`/products/buy/${productId}`);
      await row.getByText('Artículo prohibido').waitFor();
      await row.getByText('coleccionista_demo').waitFor();
      await row.getByRole('button', { name: /Resolver/ }).click();
      const resolve = page.getByRole('dialog', { name: 'Resolver denuncia' });
      await resolve.getByLabel('Retirar el producto').check();
      await resolve.getByRole('button', { name: 'Resolver' }).click();
      await resolve.getByText('La nota es obligatoria').waitFor();
      await resolve.getByLabel(/Nota/).fill('Réplica no autorizada.');
      await checkPage(page, 'admin-resolve-dialog-desktop');
      await resolve.getByRole('button', { name: 'Resolver' }).click();
      await panel.getByText('Denuncia resuelta.').waitFor();
      await row.waitFor({ state: 'detached' });
      await panel.getByLabel('Estado').selectOption('resolved');
      await row.getByText('Retirar el producto').waitFor();
      await row.getByText('Réplica no autorizada.').waitFor();

      // Gone for the buyer.
      await buyer.goto(`${baseUrl()}/products/buy/${productId}`);
      await buyer.getByText('Este producto fue retirado').waitFor();
      await buyerContext.close();

      // The audit has both steps (recorded at the same moment) at its top: newest first.
      const audit = await openTab(page, 'Registro');
      const newest = audit.locator('li').nth(0).or(audit.locator('li').nth(1));
      await newest.filter({ hasText: 'Producto retirado' }).filter({ hasText: name }).waitFor();
      await newest
        .filter({ hasText: 'Denuncia resuelta' })
        .filter({ hasText: 'Réplica no autorizada.' })
        .waitFor();
      await checkPage(page, 'admin-audit-after-takedown-desktop');
      await context.close();
    },
    FLOW_TIMEOUT,
  );

  for (const [viewport, label] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    it(
      `shows every tab at ${viewport.width} px without sideways scrolling or accessibility faults`,
      async () => {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        await loginAs(page, demo.operator);
        await page.goto(`${baseUrl()}/admin`);
        await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
        for (const tab of ['Resumen', 'Pagos', 'Reclamos', 'Denuncias', 'Usuarios', 'Registro']) {
          const panel = await openTab(page, tab);
          if (tab === 'Resumen') {
            // The charts' code loads with the tab; the numbers are there as a table too.
            await panel.locator('.recharts-surface').first().waitFor();
            await panel
              .getByRole('table', { name: 'Cifras por día (hora de Bogotá)' })
              .waitFor({ state: 'attached' });
          }
          // The demo data holds one open claim.
          if (tab === 'Reclamos') await panel.locator('li').first().waitFor();
          if (tab === 'Registro') await panel.locator('li').first().waitFor();
          expect(page.url()).toContain(`tab=`);
          await checkPage(page, `admin-${tab.toLowerCase()}-${label}`);
        }
        // The address keeps the tab: a reload reopens it.
        await page.reload();
        expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Registro');
        await context.close();
      },
      FLOW_TIMEOUT,
    );
  }
});
