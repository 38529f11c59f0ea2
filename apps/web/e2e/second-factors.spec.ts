import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  downloadedText,
  expectAccessible,
  expectNoHorizontalScroll,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { withOwnServer } from './support/own-server.ts';

/** The authenticator app's code for `secret` at the server's time (the test clock moves it). */
async function serverCode(secret: string, advanceSeconds = 0): Promise<string> {
  const clock = await apiCall<{ now: string }>('POST', '/api/test/clock', undefined, {
    advance_seconds: advanceSeconds,
  });
  expect(clock.status).toBe(200);
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.parse(clock.body.now),
  });
}

/** A picture of one settings section alone (the profile's full page is too long to look at on a phone). */
async function sectionScreenshot(section: Locator, name: string) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  mkdirSync(dir, { recursive: true });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(dir, `${name}.png`) });
}

const twoFactorSection = (page: Page) => page.getByRole('region', { name: 'Verificación en dos pasos' });
const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Llaves de acceso' });

async function fillLogin(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}

/**
 * Two-step verification and passkeys change how demo accounts log in: this file runs its own
 * server so the other browser tests' logins stay as they are.
 */
describe('second factors in the account settings and at login', () => {
  const own = withOwnServer();

  it('turns on two-step verification reading the secret from the page, then logs in with a code', async () => {
    const context = await newContext(own.browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.collector);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await sectionScreenshot(twoFactorSection(page), 'two-factor-section-off-1280');
    await page.getByRole('button', { name: /Activar la verificación en dos pasos/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('La contraseña actual es obligatoria').waitFor();
    await dialog.getByLabel('Contraseña actual', { exact: false }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByRole('img', { name: /Código QR/ }).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'two-factor-setup-desktop');
    await expectAccessible(page);
    await dialog.getByLabel('Código de verificación', { exact: false }).fill('000000');
    await dialog.getByRole('button', { name: 'Activar' }).click();
    await dialog.getByText('Código incorrecto').waitFor();
    await dialog.getByLabel('Código de verificación', { exact: false }).fill(await serverCode(secret));
    await dialog.getByRole('button', { name: 'Activar' }).click();
    const codes = dialog.getByRole('list', { name: 'Códigos de recuperación' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    const first = (await codes.getByRole('listitem').first().textContent())!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar códigos' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('codigos-de-recuperacion-coleccionables.txt');
    expect(await downloadedText(download)).toContain(first);
    await screenshot(page, 'two-factor-recovery-codes-desktop');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await page.getByText('Activada').waitFor();
    await sectionScreenshot(twoFactorSection(page), 'two-factor-section-on-1280');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await sectionScreenshot(twoFactorSection(page), 'two-factor-section-on-390');
    // Turning it off: the dialog says what is missing, and stays usable on a phone.
    await page.getByRole('button', { name: /Desactivar la verificación en dos pasos/ }).click();
    const off = page.getByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
    await off.getByRole('button', { name: 'Desactivar' }).click();
    await off.getByText('La contraseña actual es obligatoria').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await sectionScreenshot(off, 'two-factor-disable-error-390');
    await off.getByRole('button', { name: 'Cancelar' }).click();
    await off.waitFor({ state: 'hidden' });
    await context.close();

    // The code step on a wide screen (a challenge is opened and left unused).
    const wide = await newContext(own.browser, DESKTOP);
    const wideLogin = await wide.newPage();
    await fillLogin(wideLogin, baseUrl(), demo.collector);
    await wideLogin.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await screenshot(wideLogin, 'login-code-step-1280');
    await wide.close();

    // A fresh browser: the password leads to the code step.
    const phone = await newContext(own.browser, PHONE);
    const login = await phone.newPage();
    await fillLogin(login, baseUrl(), demo.collector);
    await login.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await login.getByRole('button', { name: 'Verificar' }).click();
    await login.getByText('El código es obligatorio').waitFor();
    await login.getByLabel('Código de verificación').fill('123456');
    await login.getByRole('button', { name: 'Verificar' }).click();
    await login.getByText('Código incorrecto').waitFor();
    await expectNoHorizontalScroll(login);
    await screenshot(login, 'login-code-step-phone');
    await expectAccessible(login);
    // The code that turned it on is spent: the next step's code.
    await login.getByLabel('Código de verificación').fill(await serverCode(secret, 30));
    await login.getByRole('button', { name: 'Verificar' }).click();
    await login.waitForURL(/\/profile$/);
    await login.getByRole('heading', { name: 'Mi Perfil' }).waitFor();
    await phone.close();
  }, 240_000);

  it('registers a passkey with a virtual authenticator and signs in with it, no password', async () => {
    // A passkey belongs to a host name (an IP address is not a valid relying party).
    const origin = baseUrl().replace('127.0.0.1', 'localhost');
    const context = await newContext(own.browser, PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await fillLogin(page, origin, demo.store);
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Llaves de acceso' }).waitFor();
    await page.getByText('Todavía no tienes llaves de acceso.').waitFor();
    await sectionScreenshot(passkeysSection(page), 'passkeys-section-empty-390');
    await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar llave de acceso' });
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    await dialog.getByText('El nombre de la llave es obligatorio').waitFor();
    await dialog.getByLabel('Nombre de la llave', { exact: false }).fill('Teléfono de prueba');
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    const list = page.getByRole('list', { name: 'Tus llaves de acceso' });
    await list.getByText('Teléfono de prueba').waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole('heading', { name: 'Llaves de acceso' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'passkeys-list-phone');
    await sectionScreenshot(passkeysSection(page), 'passkeys-section-390');
    await expectAccessible(page);

    // Out, then back in with the passkey alone.
    await page.getByRole('button', { name: /Cerrar Sesión/ }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Iniciar sesión con llave de acceso' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Mi Perfil' }).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Tus llaves de acceso' }).textContent())
      .toContain('último uso');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'passkeys-list-desktop');
    await sectionScreenshot(passkeysSection(page), 'passkeys-section-1280');
    // Removing asks for proof (the password alone, two-step verification being off here); an empty
    // one is refused in the dialog, which is then closed.
    await page.getByRole('button', { name: 'Eliminar Teléfono de prueba' }).click();
    const remove = page.getByRole('dialog', { name: 'Eliminar llave de acceso' });
    expect(await remove.getByLabel(/código de verificación/).count()).toBe(0);
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await remove.getByText('La contraseña actual es obligatoria').waitFor();
    await expectAccessible(page);
    await sectionScreenshot(remove, 'passkey-remove-error-1280');
    await remove.getByRole('button', { name: 'Cancelar' }).click();
    await remove.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Renombrar Teléfono de prueba' }).click();
    const rename = page.getByRole('dialog', { name: 'Renombrar llave de acceso' });
    await rename.waitFor();
    await expectAccessible(page);
    await rename.getByRole('button', { name: 'Cancelar' }).click();
    await context.close();
  }, 240_000);

  it('an operator without a second factor sees the warning above the console (outside production)', async () => {
    const context = await newContext(own.browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.operator);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('Tu cuenta de operador no tiene un segundo factor.').waitFor();
    await page.getByRole('tab').first().waitFor();
    await screenshot(page, 'admin-second-factor-warning-desktop');
    await expectAccessible(page);
    await context.close();
    // A phone of its own: resizing a wide page leaves the console's charts a moment at their old width.
    const phone = await newContext(own.browser, PHONE);
    const small = await phone.newPage();
    await loginAs(small, demo.operator);
    await small.goto(`${baseUrl()}/admin`);
    await small.getByText('Tu cuenta de operador no tiene un segundo factor.').waitFor();
    await small.getByRole('tab').first().waitFor();
    await expectNoHorizontalScroll(small);
    await screenshot(small, 'admin-second-factor-warning-phone');
    await phone.close();
  }, 180_000);
});
