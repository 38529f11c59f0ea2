import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { preferenceMessages as m } from '@app/contracts';
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

/** The unsubscribe link of an e-mail written to `to` (no SMTP_URL: .eml files under DATA_DIR/mail). */
function unsubscribeLinkTo(dataDir: string, to: string): string | null {
  const directory = path.join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(directory).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files) {
    const text = readFileSync(path.join(directory, file), 'utf8');
    if (!new RegExp(`^To: .*${to.replace('.', '\\.')}`, 'm').test(text)) continue;
    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(text);
    if (header) return header[1]!;
  }
  return null;
}

/**
 * Turning e-mail types off, from the profile and from an e-mail's link. Its own server: the
 * flow changes the demo seller's preferences, and its e-mails are read from its data directory.
 */
describe('notification preferences and the unsubscribe page', () => {
  const own = withOwnServer();

  it("an e-mail's unsubscribe link turns its type off without a login; a tampered one is refused", async () => {
    // The demo seed asked questions on the seller's listings: the queue holds their e-mails.
    expect((await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 1 })).status).toBe(200);
    const link = unsubscribeLinkTo(own.server.dataDir, demo.seller);
    expect(link, 'an e-mail with List-Unsubscribe to the demo seller').toBeTruthy();
    const pathname = new URL(link!).pathname;

    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(own.browser, viewport);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}${pathname}`);
      await page.getByText(m.unsubscribed(m.labels.questions)).waitFor();
      await expect(page.getByRole('link', { name: m.managePreferences }).isVisible()).resolves.toBe(true);
      await checkPage(page, `unsubscribe-${viewport.width}`);
      await context.close();
    }
    const token = await apiLogin(demo.seller);
    const prefs = await apiCall('GET', '/api/notification-preferences', token);
    expect(prefs.body.email.questions).toBe(false);
    expect(prefs.body.email.outbid).toBe(true);

    const context = await newContext(own.browser, PHONE);
    const page = await context.newPage();
    const tampered = pathname.replace(/\.questions\./, '.outbid.');
    await page.goto(`${baseUrl()}${tampered}`);
    await page.getByRole('alert').filter({ hasText: m.invalidToken }).waitFor();
    await checkPage(page, 'unsubscribe-invalid-390');
    await expect(page.getByText(m.invalidToken).count()).resolves.toBe(1);
    await expect(page.getByText(m.unsubscribeFailed).count()).resolves.toBe(0);
    // The server does not answer: the page's own message, shown once.
    await page.route(`**${pathname}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    await page.goto(`${baseUrl()}${pathname}`);
    await page.getByRole('alert').filter({ hasText: m.unsubscribeFailed }).waitFor();
    await expect(page.getByText(m.unsubscribeFailed).count()).resolves.toBe(1);
    await context.close();
    expect((await apiCall('GET', '/api/notification-preferences', token)).body.email.outbid).toBe(true);
  });

  it("'Preferencias de notificación' on the profile: a labelled checkbox per type, saved, kept on reload", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(own.browser, viewport);
      const page = await context.newPage();
      await loginAs(page, demo.buyer);
      await page.goto(`${baseUrl()}/profile`);
      await page.getByRole('heading', { name: m.sectionTitle }).waitFor();
      const outbid = page.getByRole('checkbox', { name: m.labels.outbid, exact: true });
      await outbid.waitFor();
      for (const label of Object.values(m.labels))
        await expect(page.getByRole('checkbox', { name: label, exact: true }).count()).resolves.toBe(1);
      const wasOn = await outbid.isChecked();
      await outbid.setChecked(!wasOn);
      await page.getByRole('button', { name: m.save }).click();
      await page.getByText(m.saved).waitFor();
      await checkPage(page, `preferences-${viewport.width}`);
      await page.reload();
      await page.getByRole('checkbox', { name: m.labels.outbid, exact: true }).waitFor();
      await expect(
        page.getByRole('checkbox', { name: m.labels.outbid, exact: true }).isChecked(),
      ).resolves.toBe(!wasOn);
      await context.close();
    }
  });

  it('the form shows what the server holds when it changed meanwhile; saving does not undo an unsubscribe', async () => {
    const token = await apiLogin(demo.seller);
    const allOn = Object.fromEntries(Object.keys(m.labels).map((type) => [type, true]));
    expect((await apiCall('PUT', '/api/notification-preferences', token, { email: allOn })).status).toBe(200);
    const link = unsubscribeLinkTo(own.server.dataDir, demo.seller);
    expect(link).toBeTruthy();

    const context = await newContext(own.browser, DESKTOP);
    // The page's clock, so "a while later" takes no real time.
    await context.clock.install();
    const page = await context.newPage();
    await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/profile`);
    const questions = () => page.getByRole('checkbox', { name: m.labels.questions, exact: true });
    await questions().waitFor();
    await expect(questions().isChecked()).resolves.toBe(true);

    // Elsewhere in the app, the person unsubscribes from an e-mail (the mail program's one-click
    // POST); a while later they come back to the profile, whose answer the app has kept.
    await page.getByRole('link', { name: 'Coleccionables, ir al inicio' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    // The address changes at the click, but the profile stays on screen until the home page's code
    // has loaded (React Router renders in a transition): going back before that never leaves the
    // profile, which keeps its answer instead of asking again on its return.
    await page.getByRole('heading', { level: 1, name: 'Coleccionables', exact: true }).waitFor();
    await page.getByRole('heading', { name: m.sectionTitle }).waitFor({ state: 'detached' });
    const unsubscribed = await apiCall('POST', new URL(link!).pathname);
    expect(unsubscribed.status).toBe(200);
    await page.clock.fastForward(60_000);
    await page.goBack();
    await page.waitForURL(/\/profile$/);
    await questions().waitFor();
    await expect.poll(() => questions().isChecked(), { timeout: 10_000 }).toBe(false);
    await expect(
      page.getByRole('checkbox', { name: m.labels.outbid, exact: true }).isChecked(),
    ).resolves.toBe(true);

    // Saving another change keeps the unsubscribe.
    await page.getByRole('checkbox', { name: m.labels.outbid, exact: true }).setChecked(false);
    await page.getByRole('button', { name: m.save }).click();
    await page.getByText(m.saved).waitFor();
    const prefs = (await apiCall('GET', '/api/notification-preferences', token)).body.email;
    expect(prefs.questions).toBe(false);
    expect(prefs.outbid).toBe(false);
    await context.close();
    expect((await apiCall('PUT', '/api/notification-preferences', token, { email: allOn })).status).toBe(200);
  });
});
