import type { MailContent } from './mail.templates.ts';

/**
 * The words of e-mails the database writes without a notice behind them (the payment reminders:
 * one statement finds every payment due and writes its row). The row carries its kind and its
 * values; the text is written here when the e-mail is sent, so no Spanish copy lives in SQL.
 */
const paymentReminder = {
  title: 'Te quedan menos de 24 horas para pagar',
  message: (product: string, offer: boolean) =>
    offer
      ? `Tu oferta por "${product}" fue aceptada. Si no pagas a tiempo, la reserva se cancela.`
      : `Ganaste "${product}". Si no pagas a tiempo, se ofrecerá al siguiente postor.`,
};

/** The values a payment reminder's row carries (mail.repository.ts writes them). */
interface PaymentReminderData {
  product: string;
  offer: boolean;
  link: string;
}

const isPaymentReminder = (
  data: Record<string, unknown>,
): data is Record<string, unknown> & PaymentReminderData =>
  typeof data.product === 'string' && typeof data.offer === 'boolean';

/**
 * What an outbox row says: its stored title and message, or, for a kind whose row carries only
 * values, the text built from them.
 */
export function mailContentOf(kind: string, data: Record<string, unknown>): MailContent {
  if (kind === 'payment_reminder' && isPaymentReminder(data))
    return {
      kind,
      title: paymentReminder.title,
      message: paymentReminder.message(data.product, data.offer),
      link: data.link,
    };
  return { kind, ...(data as Omit<MailContent, 'kind'>) };
}
