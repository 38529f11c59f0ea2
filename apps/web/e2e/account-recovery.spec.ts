import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountRecoveryMessages as m } from '@app/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { withOwnServer } from './support/own-server.ts';

/**
 * The path of the newest link to `page` in the e-mails written to `to` (no SMTP_URL: .eml files
 * under DATA_DIR/mail, the text part in quoted-printable).
 */
function linkInMail(
  dataDir: string,
  to: string,
  page: '/restablecer/' | '/confirmar-correo/',
): string | null {
  const directory = path.join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(directory)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  let found: string | null = null;
  for (const file of files) {
    const raw = readFileSync(path.join(directory, file), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/\./g, '\\.')}`, 'mi').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = new RegExp(`https?://[^\\s"<>]+(${page}[\\w-]+)`).exec(text);
    if (match) found = match[1]!;
  }
  return found;
}

/** Waits for the timed jobs (every second) to have written the link's e-mail. */
async function waitForLink(dataDir: string, to: string, page: '/restablecer/' | '/confirmar-correo/') {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const link = linkInMail(dataDir, to, page);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail with ${page} to ${to}`);
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel(/^Nueva contraseña/).fill(password);
  await page.getByLabel('Confirmar nueva contraseña').fill(password);
}

/** Its own server: the flows change a demo account's password and e-mail address. */
describe('getting back into an account', () => {
  const own = withOwnServer();

  it('a forgotten password is reset from the link the e-mail carries, and the new one logs in', async () => {
    // The file's own server has answered nothing yet: its first page costs more than a browser waits.
    expect((await fetch(`${baseUrl()}/login`)).status).toBe(200);
    const context = await newContext(own.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/recuperar');
    await checkPage(page, 'recover-390');
    // A typo first: the field says what is wrong.
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Por favor, introduce un correo electrónico válido').waitFor();
    await page.getByLabel('Correo electrónico').fill(demo.collector);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText(m.resetRequested).waitFor();
    await checkPage(page, 'recover-sent-390');

    const link = await waitForLink(own.server.dataDir, demo.collector, '/restablecer/');
    await page.goto(`${baseUrl()}${link}`);
    await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await checkPage(page, 'reset-password-390');
    await fillNewPassword(page, 'Recuperada-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText(m.passwordReset).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Correo electrónico').fill(demo.collector);
    await page.getByLabel('Contraseña', { exact: true }).fill('Recuperada-2026');
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    // The same link again: it says so and offers a new one.
    await page.goto(`${baseUrl()}${link}`);
    await fillNewPassword(page, 'OtraVez-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText(m.resetLinkInvalid).waitFor();
    await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
    await checkPage(page, 'reset-password-used-390');
    await context.close();

    const desktop = await newContext(own.browser, DESKTOP);
    const wide = await desktop.newPage();
    await wide.goto(`${baseUrl()}/recuperar`);
    await wide.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor();
    await checkPage(wide, 'recover-1280');
    await wide.goto(`${baseUrl()}/restablecer/enlace-inventado`);
    await wide.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await checkPage(wide, 'reset-password-1280');
    await desktop.close();
    expect(
      (
        await apiCall('POST', '/api/users/login', undefined, {
          email: demo.collector,
          password: 'Recuperada-2026',
        })
      ).status,
    ).toBe(200);
  });

  it("'Cambiar correo' sends a link to the new address; opening it moves the account there", async () => {
    const newEmail = 'tienda.nueva@demo.test';
    const phone = await newContext(own.browser, PHONE);
    const small = await phone.newPage();
    await loginAs(small, demo.store);
    await small.goto(`${baseUrl()}/profile`);
    await small.getByRole('button', { name: /Cambiar correo/ }).click();
    const dialog = small.getByRole('dialog', { name: 'Cambiar correo' });
    await dialog.waitFor();
    await checkPage(small, 'change-email-390');
    await phone.close();

    const context = await newContext(own.browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.store);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('button', { name: /Cambiar correo/ }).click();
    const form = page.getByRole('dialog', { name: 'Cambiar correo' });
    await form.getByLabel('Nuevo correo electrónico').fill(newEmail);
    await form.getByLabel('Contraseña actual').fill('no-es-la-clave');
    await form.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await form.getByText('La contraseña actual es incorrecta').waitFor();
    await checkPage(page, 'change-email-error-1280');
    await form.getByLabel('Contraseña actual').fill('Demo12345!');
    await form.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await form.getByText(m.emailChangeRequested).waitFor();

    const link = await waitForLink(own.server.dataDir, newEmail, '/confirmar-correo/');
    await page.goto(`${baseUrl()}${link}`);
    await page.getByRole('heading', { name: 'Confirmar tu nuevo correo' }).waitFor();
    await checkPage(page, 'confirm-email-1280');
    await page.getByRole('button', { name: 'Confirmar mi correo' }).click();
    await page.getByText(m.emailChanged).waitFor();
    await checkPage(page, 'confirm-email-done-1280');
    await page.getByRole('link', { name: 'Ir a mi perfil' }).click();
    await page.getByText(newEmail).first().waitFor();
    await context.close();

    // Opened again on a phone: the link is spent, and the page says so.
    const again = await newContext(own.browser, PHONE);
    const second = await again.newPage();
    await second.goto(`${baseUrl()}${link}`);
    await second.getByRole('button', { name: 'Confirmar mi correo' }).click();
    await second.getByText(m.emailLinkInvalid).waitFor();
    await checkPage(second, 'confirm-email-used-390');
    await again.close();
    expect(await apiLogin(newEmail)).toBeTruthy();
  });
});
