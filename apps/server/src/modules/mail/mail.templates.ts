import { type EmailPreferenceType, preferenceMessages } from '@app/contracts';

/** What an outbox row carries to its template. */
export interface MailContent {
  kind: string;
  title?: string;
  message?: string;
  link?: string | null;
  /** Saved-search digest: one entry per match notice gathered since the last digest. */
  items?: Array<{ title: string; message: string; link: string | null }>;
}

export interface RenderedMail {
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
  question: { action: 'Responder la pregunta' },
  question_answered: { action: 'Ver la respuesta' },
  claim_opened: { action: 'Ver el reclamo' },
  claim_message: { action: 'Ver el reclamo' },
  claim_resolved: { action: 'Ver el reclamo' },
  invitation: { action: 'Crear mi cuenta' },
  password_changed: { action: 'Revisar mi cuenta' },
  sessions_ended: { action: 'Iniciar sesión' },
};

const BRAND = 'Coleccionables';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A path on the site made absolute with the public address; absolute URLs pass unchanged. */
export function absoluteLink(baseUrl: string, link: string | null | undefined): string {
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

function itemsBlock(content: MailContent, baseUrl: string): string {
  if (!content.items?.length) return '';
  return content.items
    .map(
      (item) => `
        <mj-text padding-bottom="4px"><a href="${escapeHtml(absoluteLink(baseUrl, item.link))}" style="color:#1d4ed8;font-weight:600">${escapeHtml(item.title)}</a></mj-text>
        <mj-text padding-top="0">${escapeHtml(item.message)}</mj-text>`,
    )
    .join('');
}

/**
 * An e-mail in Spanish as HTML (MJML: responsive tables that mail apps render, one column that
 * fits a phone) and plain text, with the button to the page to act on and, for optional types,
 * the unsubscribe link.
 */
export async function renderMail(
  content: MailContent,
  options: { baseUrl: string; preference: EmailPreferenceType | null; unsubscribeUrl: string | null },
): Promise<RenderedMail> {
  const kindCopy = copy[content.kind] ?? { action: 'Abrir' };
  const subject = kindCopy.subject ?? content.title ?? BRAND;
  const heading = content.title ?? kindCopy.subject ?? BRAND;
  const link = absoluteLink(options.baseUrl, content.link ?? content.items?.[0]?.link);
  const footer =
    options.preference && options.unsubscribeUrl
      ? `Recibes este correo porque tienes activados los avisos de ${preferenceMessages.labels[options.preference]}. <a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#52606d">Darme de baja de estos correos</a> · <a href="${escapeHtml(absoluteLink(options.baseUrl, '/profile'))}" style="color:#52606d">Preferencias</a>`
      : 'Este aviso se envía siempre: es sobre la seguridad de tu cuenta o una invitación.';
  const source = `
<mjml lang="es">${head}
  <mj-body width="600px">
    <mj-section padding="24px 12px 8px" css-class="brand">
      <mj-column><mj-text font-size="20px" font-weight="700" color="#1d4ed8" align="center">${BRAND}</mj-text></mj-column>
    </mj-section>
    <mj-wrapper padding="0 12px">
      <mj-section background-color="#ffffff" css-class="card" padding="16px 8px">
        <mj-column>
          <mj-text font-size="22px" font-weight="700" line-height="1.3">${escapeHtml(heading)}</mj-text>
          ${content.message ? `<mj-text>${escapeHtml(content.message)}</mj-text>` : ''}
          ${itemsBlock(content, options.baseUrl)}
          <mj-button href="${escapeHtml(link)}" css-class="btn" background-color="#1d4ed8" color="#ffffff" font-size="16px" font-weight="600" border-radius="8px" inner-padding="14px 24px" width="100%">${escapeHtml(kindCopy.action)}</mj-button>
          <mj-text font-size="13px" color="#52606d">Si el botón no funciona, copia esta dirección en tu navegador: <a href="${escapeHtml(link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(link)}</a></mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="12px 12px 24px" css-class="foot">
      <mj-column><mj-text font-size="12px" color="#52606d" align="center">${footer}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Loaded on first use: MJML is large, and a server that sends nothing need not load it.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(source, { validationLevel: 'soft' });
  if (errors.length > 0) throw new Error(`mail template ${content.kind}: ${errors[0]!.formattedMessage}`);
  const text = [
    heading,
    '',
    content.message ?? '',
    ...(content.items ?? []).flatMap((item) => [
      `- ${item.title}: ${item.message}`,
      `  ${absoluteLink(options.baseUrl, item.link)}`,
    ]),
    '',
    `${kindCopy.action}: ${link}`,
    '',
    '—',
    options.preference && options.unsubscribeUrl
      ? `Recibes este correo porque tienes activados los avisos de ${preferenceMessages.labels[options.preference]}. Para darte de baja: ${options.unsubscribeUrl}`
      : 'Este aviso se envía siempre: es sobre la seguridad de tu cuenta o una invitación.',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
  return { subject, html, text };
}
