import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { type MailContent, renderMail, renderMjml } from './mail.templates.ts';

const BASE = 'https://subastas.example.co';
const tricky = `<b>"Ferrari" & 'F40'</b> @@mail-heading@@ $& $1 ✓ ñ`;

const contents: MailContent[] = [
  {
    kind: 'outbid',
    title: 'Te han superado en una puja',
    message: 'Alguien ofreció $120.000.',
    link: '/auctions/product/7',
  },
  { kind: 'auction_won', title: tricky, message: tricky, link: `/auctions/won/?a=1&b="2"` },
  { kind: 'invitation', title: 'Te invitaron', message: 'Elige tu contraseña.', link: `${BASE}/invite/abc` },
  { kind: 'password_changed', title: 'Tu contraseña cambió' },
  { kind: 'unknown_kind', message: 'Sin título ni enlace' },
  { kind: 'saved_search_match', items: [] },
  {
    kind: 'saved_search_match',
    items: [{ title: 'Hot Wheels', message: 'Nuevos productos.', link: '/explorar?q=hot+wheels' }],
  },
  {
    kind: 'saved_search_match',
    title: 'Con título',
    message: 'Y con texto',
    items: [
      { title: tricky, message: tricky, link: '/explorar?q=a&b=<c>' },
      { title: 'Sin enlace', message: 'Uno', link: null },
      { title: 'Tercero', message: 'Dos', link: 'https://otro.example/x' },
    ],
  },
];

/**
 * The template is compiled by MJML once and filled per e-mail: each e-mail must be exactly what
 * MJML makes of its own source, whatever parts it has (text or none, 0 to n digest entries,
 * optional or always sent) and whatever its values hold (markup, quotes, the template's own
 * place names, replacement patterns).
 */
describe('e-mail templates compiled once', () => {
  it.each(
    contents.flatMap((content) => [
      [content.kind, content, 'outbid' as const, `${BASE}/unsubscribe/12.outbid.firma`],
      [content.kind, content, null, null],
    ]),
  )('%s: the same HTML as MJML renders from the source', async (_kind, content, preference, unsubscribeUrl) => {
    const options = { baseUrl: BASE, preference, unsubscribeUrl };
    const mail = await renderMail(content, options);
    expect(mail.html).toBe(await renderMjml(content, options));
    expect(mail.html).not.toContain('@@mail-heading@@</div>');
    expect(mail.html).not.toContain('<!--mail-');
  });

  it('values are escaped in the HTML', async () => {
    const mail = await renderMail(contents[1]!, { baseUrl: BASE, preference: null, unsubscribeUrl: null });
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;&quot;Ferrari&quot; &amp; &#39;F40&#39;&lt;/b&gt;');
    expect(mail.html).toContain('href="https://subastas.example.co/auctions/won/?a=1&amp;b=&quot;2&quot;"');
  });

  it('rendering an e-mail does not hold the event loop', async () => {
    const options = {
      baseUrl: BASE,
      preference: 'outbid' as const,
      unsubscribeUrl: `${BASE}/unsubscribe/1.outbid.x`,
    };
    await renderMail(contents[0]!, options);
    const started = performance.now();
    for (let i = 0; i < 50; i++) await renderMail(contents[7]!, options);
    // MJML took ~15 ms per e-mail; filling the compiled template is far below a millisecond.
    expect((performance.now() - started) / 50).toBeLessThan(2);
  });
});
