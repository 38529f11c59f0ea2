import { type EmailPreferenceType, preferenceMessages } from '@app/contracts';

/** What an outbox row carries to its template. */
export interface MailContent {
  kind: string;
  title?: string;
  message?: string;
  link?: string | null;
  /** A digest (saved searches, followed sellers): one entry per notice gathered since the last one. */
  items?: Array<{ title: string; message: string; link: string | null }>;
}

interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Per e-mail kind: the subject when it differs from the notice's title, and the button's label. */
const copy: Record<string, { subject?: string; action: string }> = {
  outbid: { action: 'Volver a pujar' },
  auction_won: { action: 'Pagar ahora' },
  payment_reminder: { action: 'Pagar ahora' },
  payment_confirmed: { action: 'Ver mi compra' },
  item_sold: { action: 'Ver mis ventas' },
  item_shipped: { action: 'Seguir mi envío' },
  item_delivered: { action: 'Ver mi compra' },
  payout_paid: { action: 'Ver mis ventas' },
  ending_soon: { action: 'Ver el producto' },
  saved_search_match: { subject: 'Nuevos resultados en tus búsquedas guardadas', action: 'Ver resultados' },
  followed_seller: { subject: 'Novedades de los vendedores que sigues', action: 'Ver novedades' },
  offer: { action: 'Ver la oferta' },
  question: { action: 'Responder la pregunta' },
  question_answered: { action: 'Ver la respuesta' },
  claim_opened: { action: 'Ver el reclamo' },
  claim_message: { action: 'Ver el reclamo' },
  claim_resolved: { action: 'Ver el reclamo' },
  invitation: { action: 'Crear mi cuenta' },
  password_changed: { action: 'Revisar mi cuenta' },
  sessions_ended: { action: 'Iniciar sesión' },
  security_notice: { action: 'Revisar mi cuenta' },
  password_reset: { action: 'Elegir una contraseña nueva' },
  email_confirmation: { action: 'Confirmar mi correo' },
};

const BRAND = 'Coleccionables';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A path on the site made absolute with the public address; absolute URLs pass unchanged. */
function absoluteLink(baseUrl: string, link: string | null | undefined): string {
  if (!link) return baseUrl;
  if (/^https?:\/\//.test(link)) return link;
  return `${baseUrl.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`;
}

// Colours chosen for contrast in both schemes; mail apps that honour prefers-color-scheme get
// the dark palette, the others keep the light one (never dark text on a forced dark background).
const head = `
  <mj-head>
    <mj-title>${BRAND}</mj-title>
    <mj-preview></mj-preview>
    <mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>
    <mj-attributes>
      <mj-all font-family="-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="#1f2933" />
    </mj-attributes>
    <mj-style>
      body { background: #f1f4f8; }
      .card { border-radius: 12px; }
      @media (prefers-color-scheme: dark) {
        body { background: #0f1419 !important; }
        .card, .card table, .card td { background: #1b232c !important; }
        .card div, .foot div { color: #e6edf3 !important; }
        .brand div { color: #8cc4ff !important; }
        .card a, .foot a { color: #8cc4ff !important; }
        .btn a, .btn td { background: #3b82f6 !important; color: #ffffff !important; }
      }
    </mj-style>
  </mj-head>`;

/** The HTML put in a template's places: every value is already escaped (or built of escaped parts). */
interface Fill {
  heading: string;
  message: string;
  itemLink: string;
  itemTitle: string;
  itemMessage: string;
  link: string;
  action: string;
  footer: string;
}

/** One entry of the saved-search digest's list. */
const itemSource = (fill: Pick<Fill, 'itemLink' | 'itemTitle' | 'itemMessage'>) => `
        <mj-text padding-bottom="4px"><a href="${fill.itemLink}" style="color:#1d4ed8;font-weight:600">${fill.itemTitle}</a></mj-text>
        <mj-text padding-top="0">${fill.itemMessage}</mj-text>`;

/**
 * The MJML of every e-mail: `message` and `items` are the optional and repeated parts (the
 * notice's text and the digest's entries), the other values go in as given.
 */
const mailSource = (
  fill: Omit<Fill, 'message' | 'itemLink' | 'itemTitle' | 'itemMessage'>,
  message: string,
  items: string,
) => `
<mjml lang="es">${head}
  <mj-body width="600px">
    <mj-section padding="24px 12px 8px" css-class="brand">
      <mj-column><mj-text font-size="20px" font-weight="700" color="#1d4ed8" align="center">${BRAND}</mj-text></mj-column>
    </mj-section>
    <mj-wrapper padding="0 12px">
      <mj-section background-color="#ffffff" css-class="card" padding="16px 8px">
        <mj-column>
          <mj-text font-size="22px" font-weight="700" line-height="1.3">${fill.heading}</mj-text>
          ${message}
          ${items}
          <mj-button href="${fill.link}" css-class="btn" background-color="#1d4ed8" color="#ffffff" font-size="16px" font-weight="600" border-radius="8px" inner-padding="14px 24px" width="100%">${fill.action}</mj-button>
          <mj-text font-size="13px" color="#52606d">Si el botón no funciona, copia esta dirección en tu navegador: <a href="${fill.link}" style="color:#1d4ed8;word-break:break-all">${fill.link}</a></mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="12px 12px 24px" css-class="foot">
      <mj-column><mj-text font-size="12px" color="#52606d" align="center">${fill.footer}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** MJML's output for one e-mail, straight from its source: what the compiled template must equal. */
export async function renderMjml(content: MailContent, options: MailOptions): Promise<string> {
  const fill = fillOf(partsOf(content, options), options);
  const source = mailSource(
    fill,
    content.message ? `<mj-text>${fill.message}</mj-text>` : '',
    (content.items ?? []).map((item) => itemSource(itemFill(item, options.baseUrl))).join(''),
  );
  return mjmlToHtml(source, content.kind);
}

async function mjmlToHtml(source: string, name: string): Promise<string> {
  // Loaded on first use: MJML is large, and a server that sends nothing need not load it.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(source, { validationLevel: 'soft' });
  if (errors.length > 0) throw new Error(`mail template ${name}: ${errors[0]!.formattedMessage}`);
  return html;
}

/**
 * The template compiled once, as HTML with named places: MJML takes ~15 ms of the event loop per
 * e-mail (bids waited on it while the job sent), filling the places takes microseconds. MJML
 * renders each element of a column on its own, so the optional text and the digest's entries are
 * compiled once between markers and repeated as often as the e-mail needs them.
 */
interface CompiledMail {
  beforeMessage: string;
  message: string;
  beforeItems: string;
  item: string;
  rest: string;
}

const place = (name: keyof Fill) => `@@mail-${name}@@`;
const marker = (name: string) => `<!--mail-${name}-->`;
const PLACE = /@@mail-([A-Za-z]+)@@/g;

let compiled: Promise<CompiledMail> | undefined;

function compiledMail(): Promise<CompiledMail> {
  compiled ??= compileMail().catch((error) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

async function compileMail(): Promise<CompiledMail> {
  const raw = (name: string) => `<mj-raw>${marker(name)}</mj-raw>`;
  const html = await mjmlToHtml(
    mailSource(
      { heading: place('heading'), link: place('link'), action: place('action'), footer: place('footer') },
      `${raw('message')}<mj-text>${place('message')}</mj-text>${raw('/message')}`,
      `${raw('items')}${itemSource({ itemLink: place('itemLink'), itemTitle: place('itemTitle'), itemMessage: place('itemMessage') })}${raw('/items')}`,
    ),
    'compiled',
  );
  const parts = html.split(
    new RegExp(['message', '/message', 'items', '/items'].map((n) => marker(n)).join('|')),
  );
  if (parts.length !== 5) throw new Error('mail template: the compiled markers are missing');
  const [beforeMessage, message, beforeItems, item, rest] = parts as [string, string, string, string, string];
  return { beforeMessage, message, beforeItems, item, rest };
}

const filled = (template: string, values: Partial<Fill>) =>
  template.replace(PLACE, (whole, name: keyof Fill) => values[name] ?? whole);

interface MailOptions {
  baseUrl: string;
  preference: EmailPreferenceType | null;
  unsubscribeUrl: string | null;
}

/** The escaped values of one digest entry's places. */
const itemFill = (item: NonNullable<MailContent['items']>[number], baseUrl: string) => ({
  itemLink: escapeHtml(absoluteLink(baseUrl, item.link)),
  itemTitle: escapeHtml(item.title),
  itemMessage: escapeHtml(item.message),
});

/** What an e-mail says, before escaping: the HTML and the plain-text part are written from it. */
function partsOf(content: MailContent, options: MailOptions) {
  const kindCopy = copy[content.kind] ?? { action: 'Abrir' };
  const why =
    options.preference && options.unsubscribeUrl
      ? `Recibes este correo porque tienes activados los avisos de ${preferenceMessages.labels[options.preference]}.`
      : null;
  return {
    subject: kindCopy.subject ?? content.title ?? BRAND,
    heading: content.title ?? kindCopy.subject ?? BRAND,
    message: content.message ?? '',
    link: absoluteLink(options.baseUrl, content.link ?? content.items?.[0]?.link),
    action: kindCopy.action,
    why,
  };
}

const ALWAYS_SENT = 'Este aviso se envía siempre: es sobre la seguridad de tu cuenta o una invitación.';

/** The escaped values of one e-mail's places (the digest's entries aside). */
function fillOf(parts: ReturnType<typeof partsOf>, options: MailOptions) {
  const footer =
    parts.why && options.unsubscribeUrl
      ? `${parts.why} <a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#52606d">Darme de baja de estos correos</a> · <a href="${escapeHtml(absoluteLink(options.baseUrl, '/profile'))}" style="color:#52606d">Preferencias</a>`
      : ALWAYS_SENT;
  return {
    heading: escapeHtml(parts.heading),
    message: escapeHtml(parts.message),
    link: escapeHtml(parts.link),
    action: escapeHtml(parts.action),
    footer,
  };
}

/**
 * An e-mail in Spanish as HTML (MJML: responsive tables that mail apps render, one column that
 * fits a phone) and plain text, with the button to the page to act on and, for optional types,
 * the unsubscribe link.
 */
export async function renderMail(content: MailContent, options: MailOptions): Promise<RenderedMail> {
  const parts = partsOf(content, options);
  const template = await compiledMail();
  const fill = fillOf(parts, options);
  const html = [
    filled(template.beforeMessage, fill),
    parts.message ? filled(template.message, fill) : '',
    filled(template.beforeItems, fill),
    ...(content.items ?? []).map((item) => filled(template.item, itemFill(item, options.baseUrl))),
    filled(template.rest, fill),
  ].join('');
  const text = [
    parts.heading,
    '',
    parts.message,
    ...(content.items ?? []).flatMap((item) => [
      `- ${item.title}: ${item.message}`,
      `  ${absoluteLink(options.baseUrl, item.link)}`,
    ]),
    '',
    `${parts.action}: ${parts.link}`,
    '',
    '—',
    parts.why && options.unsubscribeUrl
      ? `${parts.why} Para darte de baja: ${options.unsubscribeUrl}`
      : ALWAYS_SENT,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
  return { subject: parts.subject, html, text };
}
