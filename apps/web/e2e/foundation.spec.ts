import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  loginAs,
  openPage as openBrowserPage,
  PHONE,
  screenshot,
} from './support/browser.ts';

/** Fills the login form and submits it. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

describe('foundation: login, profile, header', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const openPage = (viewport = DESKTOP) => openBrowserPage(browser, viewport);

  it('anonymous /profile goes to /login, and logging in through the form comes back to /profile', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`${baseUrl()}/profile`);
    await page.waitForURL(/\/login$/);
    // The address changes first; the page follows once its code has loaded.
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await page.locator('header nav').count()).toBe(0); // header hidden on /login
    expect(await page.title()).toContain('Iniciar Sesión');
    await submitLogin(page, demo.buyer, DEMO_PASSWORD);
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'comprador_demo' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeTruthy();
    await page.getByText('comprador@demo.test').waitFor();
    await page.getByText('Pujas realizadas').waitFor();
    // A buyer sees no seller counters.
    expect(await page.getByText('Administrar Pagos').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the ?redirect= parameter wins, but only for same-origin paths', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent('/auctions?search=hot')}`);
    await submitLogin(page, demo.buyer, DEMO_PASSWORD);
    await page.waitForURL(/\/auctions\?search=hot$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent('//evil.example/phish')}`);
    await submitLogin(page, demo.buyer, DEMO_PASSWORD);
    await page.waitForURL(/\/profile$/);
    expect(new URL(page.url()).origin).toBe(baseUrl());
    await context.close();
  });

  it('a wrong password shows the 401 message; a bad email and empty fields show the validation messages', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('El correo electrónico es obligatorio').waitFor();
    await page.getByText('La contraseña es obligatoria').waitFor();
    expect(await page.getByLabel('Correo electrónico').getAttribute('aria-invalid')).toBe('true');

    await submitLogin(page, 'no-es-un-correo', 'algo');
    await page.getByText('Por favor, introduce un correo electrónico válido').waitFor();

    await submitLogin(page, demo.store, 'ClaveIncorrecta1');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Credenciales incorrectas. Por favor verifica tu email y contraseña.' })
      .waitFor();
    expect(page.url()).toMatch(/\/login$/);
    // The keyboard focus stays on the button while the request runs and after it failed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Iniciar Sesión');

    // The show/hide toggle switches the field type.
    const password = page.getByLabel('Contraseña', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('link', { name: 'Registrarse' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('link', { name: 'beta@coleccionables.co' }).waitFor();
    await page.getByRole('link', { name: 'Ir al Home' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('edits the profile: the modal closes after success and the values persist after a reload', async () => {
    const token = await apiLogin(demo.collector);
    const before = (await apiCall('GET', '/api/users/profile', token)).body;
    const { context, page } = await openPage();
    try {
      await loginAs(page, demo.collector);
      await page.goto(`${baseUrl()}/profile`);
      await page.getByRole('button', { name: /Editar Perfil/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar Perfil' });
      await dialog.waitFor();
      // Focus moved into the dialog.
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
      const phone = dialog.getByLabel('Teléfono');
      await phone.fill('300-ABC');
      await dialog.getByLabel(/^Nombre/).fill('');
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await dialog.getByText('Formato de teléfono inválido').waitFor();
      await dialog.getByText('El nombre es obligatorio').waitFor();

      await dialog.getByLabel(/^Nombre/).fill('Mateo E2E');
      await phone.fill('+57 (301) 555-0000');
      await dialog.getByLabel('Acerca de mí').fill('Bio escrita por la prueba de navegador.');
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await dialog.getByText('¡Perfil actualizado correctamente!').waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 4000 });
      await page.getByText('Bio escrita por la prueba de navegador.').waitFor();

      await page.reload();
      await page.getByText('+57 (301) 555-0000').waitFor();
      await page.getByText('Mateo E2E Rodríguez').waitFor();
      await page.getByText('Bio escrita por la prueba de navegador.').waitFor();

      // Escape closes the modal and focus returns to the button that opened it.
      await page.getByRole('button', { name: /Editar Perfil/ }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Editar Perfil');
    } finally {
      const restore = await apiCall('PUT', '/api/users/profile', token, {
        name: before.name,
        last_name: before.last_name,
        phone: before.phone,
        address: before.address,
        bio: before.bio,
        birth_date: before.birth_date,
        avatar: before.avatar,
      });
      expect(restore.status).toBe(200);
      await context.close();
    }
  });

  it('changes the password, logs in with the new one, and restores it', async () => {
    const newPassword = 'NuevaClaveE2E1';
    const { context, page } = await openPage();
    try {
      await loginAs(page, demo.collector);
      await page.goto(`${baseUrl()}/profile`);
      await page.getByRole('button', { name: /Seguridad/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
      await dialog.waitFor();

      await dialog.getByLabel(/^Contraseña actual/).fill('no-es-la-actual');
      await dialog.getByLabel(/^Nueva contraseña/).fill('corta');
      await dialog.getByLabel(/^Confirmar nueva contraseña/).fill('otra');
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await dialog.getByText('La contraseña debe tener al menos 8 caracteres').waitFor();

      await dialog.getByLabel(/^Nueva contraseña/).fill(newPassword);
      await dialog.getByLabel(/^Confirmar nueva contraseña/).fill(`${newPassword}x`);
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await dialog.getByText('Las contraseñas no coinciden').waitFor();

      await dialog.getByLabel(/^Confirmar nueva contraseña/).fill(newPassword);
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await dialog.getByText('La contraseña actual es incorrecta').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeTruthy(); // still logged in

      await dialog.getByLabel(/^Contraseña actual/).fill(DEMO_PASSWORD);
      await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
      // Two password hashes on the server: with another browser file running beside this one on
      // the 2 cores they took over ten seconds.
      await dialog.getByText('¡Contraseña actualizada correctamente!').waitFor({ timeout: 30_000 });
      await dialog.waitFor({ state: 'detached', timeout: 4000 });

      await page.getByRole('button', { name: /Cerrar Sesión/ }).click();
      await page.waitForURL(/\/login$/);
      await submitLogin(page, demo.collector, DEMO_PASSWORD);
      await page.getByText('Credenciales incorrectas. Por favor verifica tu email y contraseña.').waitFor();
      await submitLogin(page, demo.collector, newPassword);
      await page.waitForURL(/\/profile$/);
      await page.getByRole('heading', { name: 'coleccionista_demo' }).waitFor();
    } finally {
      let token: string | null = null;
      try {
        token = await apiLogin(demo.collector, newPassword);
      } catch {
        // the change did not happen: nothing to restore
      }
      if (token) {
        const res = await apiCall('POST', '/api/users/change-password', token, {
          current_password: newPassword,
          new_password: DEMO_PASSWORD,
        });
        expect(res.status).toBe(200);
      }
      await apiLogin(demo.collector, DEMO_PASSWORD);
      await context.close();
    }
  });

  it('logout removes the token and goes to /login; /profile then asks to log in again', async () => {
    const { context, page } = await openPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('button', { name: /Cerrar Sesión/ }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    await page.goto(`${baseUrl()}/profile`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('a seller sees active listings, total sales (to /products/sold/) and Administrar Pagos', async () => {
    const { context, page } = await openPage();
    await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByText('Publicaciones activas').waitFor();
    const sales = page.getByRole('link', { name: /Ventas totales/ });
    expect(await sales.getAttribute('href')).toBe('/products/sold/');
    expect(await page.getByRole('link', { name: /Administrar Pagos/ }).getAttribute('href')).toBe(
      '/seller/payments',
    );
    expect(await page.getByRole('link', { name: /Direcciones/ }).getAttribute('href')).toBe(
      '/shipping-addresses',
    );
    await context.close();
  });

  it('the header search goes to /search?query=… on Enter and clears the box', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/`);
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill('hot wheels');
    await search.press('Enter');
    await page.waitForURL(/\/search\?query=hot(%20|\+)wheels$/);
    expect(await search.inputValue()).toBe('');
    await context.close();
  });

  it('Actividad opens a menu (Escape and a click outside close it); anonymous items go to /login', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/`);
    const button = page.getByRole('button', { name: /Actividad/ });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Notificaciones/ }).waitFor();
    await menu.getByRole('menuitem', { name: /Subastas ganadas/ }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: Enter opens and focuses the first item, arrows move.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Notificaciones');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Subastas ganadas');
    await page.mouse.click(5, 400);
    await menu.waitFor({ state: 'detached' });

    await button.click();
    await menu.getByRole('menuitem', { name: /Subastas ganadas/ }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBe('/auctions/won/');
    await context.close();
  });

  it('the home tabs are one Tab stop; the arrow keys switch between Subastas and Marketplace', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/`);
    const tabs = page.getByRole('tablist', { name: 'Secciones de inicio' });
    const auctions = tabs.getByRole('tab', { name: 'Subastas' });
    const marketplace = tabs.getByRole('tab', { name: 'Marketplace' });
    expect(await marketplace.getAttribute('tabindex')).toBe('-1');
    await auctions.focus();
    await page.keyboard.press('ArrowRight');
    // The tab is in the address, which changes in a router transition.
    await expect.poll(() => marketplace.getAttribute('aria-selected')).toBe('true');
    expect(await marketplace.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('tabpanel', { name: 'Marketplace' }).waitFor();
    await page.keyboard.press('ArrowRight'); // wraps to the first tab
    await expect.poll(() => auctions.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel', { name: 'Subastas' }).waitFor();
    await context.close();
  });

  it('anonymous Perfil link, /products/create and /my-auctions store the target and go to /login', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBe('/profile');
    for (const target of ['/products/create', '/my-auctions']) {
      await page.goto(`${baseUrl()}${target}`);
      await page.waitForURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBe(target);
    }
    await context.close();
  });

  it('at 390 px the header collapses behind a menu button', async () => {
    const { context, page } = await openPage(PHONE);
    await page.goto(`${baseUrl()}/`);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect(await nav.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: /Menú/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Vender' }).click();
    await page.waitForURL(/\/products$/);
    // The menu closes when the route changes, a render after the URL does.
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectNoHorizontalScroll(page);
    await context.close();
  });

  // The pages themselves (login, register, home, profile) are checked by accessibility.spec.ts;
  // here, what opens over them.
  it('the profile editor and the Actividad menu: accessible at 390 and 1280 px, screenshots', async () => {
    for (const [viewport, label] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page, errors } = await openPage(viewport);
      await loginAs(page, demo.seller);
      await page.goto(`${baseUrl()}/profile`);
      await page.getByRole('heading', { name: 'vendedor_demo' }).waitFor();
      await page.getByText('Publicaciones activas').waitFor();
      await screenshot(page, `foundation-profile-${label}`);

      await page.getByRole('button', { name: /Editar Perfil/ }).click();
      await page
        .getByRole('dialog', { name: 'Editar Perfil' })
        .getByLabel(/^Nombre/)
        .waitFor();
      await expectAccessible(page);
      await screenshot(page, `foundation-edit-profile-${label}`);
      await page.keyboard.press('Escape');

      await page
        .getByRole('button', { name: /Actividad|Menú/ })
        .first()
        .click();
      if (label === 'phone') await page.getByRole('button', { name: /Actividad/ }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page);
      await screenshot(page, `foundation-activity-menu-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('unknown paths show the not-found page inside the layout', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/esto/no/existe`);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Ir al inicio', exact: true }).waitFor();
    await context.close();
  });
});
