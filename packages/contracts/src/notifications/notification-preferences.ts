import { z } from 'zod';

/** The e-mail types a user may turn off, in the order the settings page lists them. */
export const emailPreferenceTypes = [
  'outbid',
  'won',
  'payment_reminder',
  'payment',
  'shipping',
  'payout',
  'ending_soon',
  'saved_search',
  'followed_sellers',
  'questions',
  'claims',
] as const;
export type EmailPreferenceType = (typeof emailPreferenceTypes)[number];

/** Spanish texts of notification preferences and one-click unsubscribe. */
export const preferenceMessages = {
  sectionTitle: 'Preferencias de notificación',
  intro:
    'Elige qué correos quieres recibir. Los avisos de seguridad (cambio de contraseña, cierre de sesiones) y las invitaciones se envían siempre.',
  save: 'Guardar preferencias',
  saved: 'Preferencias guardadas',
  saveFailed: 'No se pudieron guardar las preferencias. Intenta de nuevo.',
  loadFailed: 'No se pudieron cargar tus preferencias.',
  loading: 'Cargando preferencias…',
  invalid: 'Indica para cada tipo de correo si quieres recibirlo (sí o no).',
  invalidToken: 'El enlace para darte de baja no es válido.',
  unsubscribing: 'Procesando tu solicitud…',
  unsubscribed: (label: string) => `Listo: ya no recibirás correos de ${label}.`,
  unsubscribeFailed: 'No pudimos darte de baja con este enlace. Revisa que esté completo.',
  managePreferences: 'Administrar mis preferencias',
  labels: {
    outbid: 'pujas superadas',
    won: 'subastas ganadas',
    payment_reminder: 'recordatorios de pago',
    payment: 'pagos y ventas',
    shipping: 'envíos y entregas',
    payout: 'pagos a vendedores',
    ending_soon: 'favoritos por terminar',
    saved_search: 'búsquedas guardadas',
    followed_sellers: 'vendedores que sigues',
    questions: 'preguntas',
    claims: 'reclamos',
  } satisfies Record<EmailPreferenceType, string>,
} as const;

const flag = z.boolean({ error: preferenceMessages.invalid });

/** One channel's switches (e-mail or push: the same keys; a type with no push is simply never pushed). */
const ChannelPreferencesSchema = z.strictObject(
  Object.fromEntries(emailPreferenceTypes.map((type) => [type, flag])) as Record<
    EmailPreferenceType,
    typeof flag
  >,
  { error: preferenceMessages.invalid },
);

export const NotificationPreferencesSchema = z.strictObject(
  { email: ChannelPreferencesSchema, push: ChannelPreferencesSchema },
  { error: preferenceMessages.invalid },
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * The keys added after the first clients were written (following sellers): a save may leave them
 * out, which keeps them as they were, so a client that knows only the earlier keys still saves.
 */
const SavedPreferencesSchema = ChannelPreferencesSchema.partial({ followed_sellers: true });

/** A save: `push` may be left out (a client that knows only e-mail), which keeps it as it was. */
export const NotificationPreferencesUpdateSchema = z.strictObject(
  { email: SavedPreferencesSchema, push: SavedPreferencesSchema.optional() },
  { error: preferenceMessages.invalid },
);
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

export const UnsubscribeParamsSchema = z.object({
  token: z.string().max(200, { error: preferenceMessages.invalidToken }),
});
export const UnsubscribeResponseSchema = z.object({ type: z.enum(emailPreferenceTypes) });
