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
  openTab,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

/**
 * The operator console (operador_demo): inviting a seller who chooses a password and logs in,
 * and taking down a product a buyer reported (paying payouts: admin-payouts.spec.ts). Names carry
 * this run's tag.
 */
const run = Date.now().toString(36).slice(-5);
/** Each flow walks several pages in several browsers: more than the default 90 s on a busy machine. */
const FLOW_TIMEOUT = 240_000;

describe('the operator console', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
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
      // The page itself asks nothing of the profile: the menu asks once someone reaches for it.
      let profileRequests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/users/profile') profileRequests += 1;
      });
      await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
      expect(profileRequests).toBe(0);
      await page.getByRole('button', { name: /Actividad/ }).click();
      await page.getByRole('menuitem', { name: 'Administración' }).click();
      expect(profileRequests).toBe(1);
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
