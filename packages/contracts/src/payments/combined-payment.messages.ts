/** The most items one combined payment pays. */
export const COMBINED_PAYMENT_MAX_ITEMS = 20;

/** The answers of paying several items of one seller together, in the payments module's words. */
export const combinedPaymentMessages = {
  atLeastTwo: 'Selecciona al menos dos artículos para pagarlos juntos.',
  tooMany: `Puedes pagar juntos hasta ${COMBINED_PAYMENT_MAX_ITEMS} artículos.`,
  invalidIds: 'Los artículos seleccionados no son válidos.',
  duplicateIds: 'Seleccionaste el mismo artículo más de una vez.',
  notYours: 'Uno de los artículos no es tuyo.',
  differentSellers: 'Solo puedes pagar juntos artículos del mismo vendedor.',
  notCombinable: 'Solo se pagan juntos artículos ganados en subasta u ofertas aceptadas.',
  itemNotPayable: (name: string, reason: string) => `"${name}": ${reason}`,
  linkCreated: 'Link de pago conjunto generado correctamente.',
  itemUnavailable:
    'Uno de los artículos ya no estaba disponible. Tu pago conjunto será reembolsado completo.',
  amountMismatch: 'El monto cobrado no coincide con el total de los artículos. Tu pago será reembolsado.',
} as const;
