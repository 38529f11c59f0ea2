/** Texts of the personal-data calls and of the account settings that use them. */
export const personalDataMessages = {
  passwordRequired: 'La contraseña es obligatoria',
  wrongPassword: 'La contraseña no es correcta',
  deleteRefused: 'Todavía no puedes eliminar tu cuenta: primero termina lo que sigue abierto.',
  deleted: 'Tu cuenta fue eliminada. Cerramos todas tus sesiones.',
  exportTitle: 'Descargar mis datos',
  exportHint: 'Un archivo JSON con todo lo que guardamos sobre ti.',
  exportError: 'No se pudieron descargar tus datos. Intenta nuevamente.',
  deleteTitle: 'Eliminar mi cuenta',
  deleteHint:
    'Borramos tus datos personales y cerramos tus sesiones. Los registros de pagos se conservan por ley, sin tus datos.',
  deleteConfirm: 'Escribe tu contraseña para confirmar. Esta acción no se puede deshacer.',
  openItemsTitle: 'Esto sigue abierto:',
  openItemLabels: {
    auction: 'Subasta activa o próxima',
    leading_bid: 'Vas ganando esta subasta',
    unpaid_item: 'Pago pendiente',
    unshipped_sale: 'Venta sin enviar o sin pagar',
    undelivered_purchase: 'Compra aún no entregada',
    payout: 'Pago al vendedor pendiente',
    claim: 'Reclamo abierto',
  },
} as const;
