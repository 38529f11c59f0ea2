import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type EmailPreferenceType, preferenceMessages } from '@app/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's own templates: e-mails are rendered there, and looked at here in a real browser.
import { type MailContent, renderMail } from '../../server/src/modules/mail/mail.templates.ts';
import { launchBrowser, newContext, PHONE } from './support/browser.ts';

const BASE = 'https://subastas.example.co';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots/mail');

/** One of every e-mail, with the preference that turns it off (none: always sent). */
const samples: Array<[MailContent, EmailPreferenceType | null]> = [
  [
    {
      kind: 'outbid',
      title: 'Te han superado en una puja',
      message: 'Alguien ofreció $120.000 por "Ferrari F40 1:18" en la subasta "Clásicos". ¡Puja de nuevo!',
      link: '/auctions/product/7',
    },
    'outbid',
  ],
  [
    {
      kind: 'auction_won',
      title: '¡Ganaste la subasta!',
      message: 'Ganaste "Ferrari F40 1:18" por $150.000. Tienes 72 horas para pagar.',
      link: '/auctions/won/',
    },
    'won',
  ],
  [
    {
      kind: 'payment_reminder',
      title: 'Te quedan menos de 24 horas para pagar',
      message: 'Ganaste "Ferrari F40 1:18". Si no pagas a tiempo, se ofrecerá al siguiente postor.',
      link: '/auctions/won/',
    },
    'payment_reminder',
  ],
  [
    {
      kind: 'payment_confirmed',
      title: 'Pago confirmado',
      message: 'Tu pago por "Greenlight Bronco" fue confirmado.',
      link: '/purchases',
    },
    'payment',
  ],
  [
    {
      kind: 'item_sold',
      title: '¡Vendiste un producto!',
      message: '"Greenlight Bronco" se vendió por $55.000. Prepara el envío.',
      link: '/products/sold/',
    },
    'payment',
  ],
  [
    {
      kind: 'item_shipped',
      title: 'Tu compra va en camino',
      message: '"Greenlight Bronco" fue enviado con Servientrega, guía 1234567890123.',
      link: '/purchases',
    },
    'shipping',
  ],
  [
    {
      kind: 'item_delivered',
      title: 'Entrega confirmada',
      message: '"Greenlight Bronco" fue entregado.',
      link: '/purchases',
    },
    'shipping',
  ],
  [
    {
      kind: 'payout_paid',
      title: 'Te pagamos una venta',
      message: 'Transferimos $49.500 por "Greenlight Bronco" (referencia TRF-001).',
      link: '/seller/payments',
    },
    'payout',
  ],
  [
    {
      kind: 'ending_soon',
      title: 'Un favorito termina pronto',
      message: '"Skyline R34" termina en menos de una hora.',
      link: '/auctions/product/9',
    },
    'ending_soon',
  ],
  [
    {
      kind: 'saved_search_match',
      items: [
        {
          title: '3 nuevos resultados para "Hot Wheels 1:64"',
          message: 'Nuevos productos coinciden con tu búsqueda guardada.',
          link: '/explorar?q=hot+wheels',
        },
        {
          title: '1 nuevo resultado para "Pokémon PSA 10"',
          message: 'Un nuevo producto coincide con tu búsqueda guardada.',
          link: '/explorar?q=pokemon',
        },
      ],
    },
    'saved_search',
  ],
  [
    {
      kind: 'question',
      title: 'Nueva pregunta',
      message: 'comprador_demo preguntó sobre "Skyline R34": ¿Viene en su caja original?',
      link: '/questions',
    },
    'questions',
  ],
  [
    {
      kind: 'question_answered',
      title: 'Respondieron tu pregunta',
      message: 'vendedor_demo respondió sobre "Skyline R34".',
      link: '/products/9',
    },
    'questions',
  ],
  [
    {
      kind: 'claim_opened',
      title: 'Abrieron un reclamo',
      message: 'El comprador abrió un reclamo por "Charizard holográfica". Tienes 3 días para responder.',
      link: '/claims/4',
    },
    'claims',
  ],
  [
    {
      kind: 'claim_message',
      title: 'Nuevo mensaje en un reclamo',
      message: 'Hay un mensaje nuevo en el reclamo por "Charizard holográfica".',
      link: '/claims/4',
    },
    'claims',
  ],
  [
    {
      kind: 'claim_resolved',
      title: 'Reclamo resuelto',
      message: 'El reclamo por "Charizard holográfica" se resolvió con reembolso.',
      link: '/claims/4',
    },
    'claims',
  ],
  [
    {
      kind: 'invitation',
      title: 'Te invitaron a Coleccionables',
      message:
        'Tienes una invitación para unirte. Elige tu contraseña para activar tu cuenta; el enlace vence el 3 de diciembre.',
      link: `${BASE}/invite/abcDEF123`,
    },
    null,
  ],
  [
    {
      kind: 'password_changed',
      title: 'Tu contraseña cambió',
      message: 'La contraseña de tu cuenta se acaba de cambiar.',
      link: '/profile',
    },
    null,
  ],
  [
    {
      kind: 'sessions_ended',
      title: 'Cerramos todas tus sesiones',
      message: 'Se cerró la sesión de tu cuenta en todos tus dispositivos.',
      link: '/login',
    },
    null,
  ],
];

/** Every template rendered by MJML, opened in Chromium at a phone's width, light and dark. */
describe('e-mail templates', { timeout: 240_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(
    samples,
  )('$kind: fits 390 px, has the action link and a plain-text part', async (content, preference) => {
    const unsubscribeUrl = preference ? `${BASE}/unsubscribe/12.${preference}.firma` : null;
    const mail = await renderMail(content, { baseUrl: BASE, preference, unsubscribeUrl });
    const target = content.link ?? content.items?.[0]?.link;
    const link = target ? (target.startsWith('http') ? target : `${BASE}${target}`) : null;
    expect(mail.subject.length).toBeGreaterThan(3);
    expect(mail.text.length).toBeGreaterThan(40);
    if (link) {
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(mail.text).toContain(link);
    }
    if (preference) {
      expect(mail.text).toContain(unsubscribeUrl);
      expect(mail.text).toContain(preferenceMessages.labels[preference]);
    } else {
      expect(mail.text).not.toContain('/unsubscribe/');
    }
    expect(mail.html).toContain('lang="es"');

    for (const scheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setContent(mail.html, { waitUntil: 'load' });
      const layout = await page.evaluate((href) => {
        // The button: a link to the page to act on inside MJML's coloured button cell.
        const cells = [...document.querySelectorAll('a')]
          .filter((a) => a.href === href)
          .map((a) => a.closest('td[bgcolor]')?.getBoundingClientRect().width ?? 0);
        return {
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          fontSize: Number.parseFloat(
            getComputedStyle(document.querySelector('div') ?? document.body).fontSize,
          ),
          buttonWidth: Math.max(0, ...cells),
          background: getComputedStyle(document.body).backgroundColor,
        };
      }, link ?? BASE);
      await page.screenshot({ path: path.join(SHOTS, `${content.kind}-${scheme}.png`), fullPage: true });
      expect(layout.overflow, `${content.kind} ${scheme}`).toBeLessThanOrEqual(0);
      expect(layout.buttonWidth, `${content.kind} button`).toBeGreaterThan(200);
      expect(layout.background).toBe(scheme === 'dark' ? 'rgb(15, 20, 25)' : 'rgb(241, 244, 248)');
      await context.close();
    }
  });
});
