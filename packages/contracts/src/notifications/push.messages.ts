/** Spanish texts of push notifications on this device (the web's button and the API's refusals). */
export const pushMessages = {
  sectionTitle: 'Notificaciones en este dispositivo',
  intro:
    'Recibe en este teléfono o computador los avisos que importan (puja superada, subasta ganada, pagos, envíos), aunque no tengas la página abierta.',
  enable: 'Activar notificaciones en este dispositivo',
  disable: 'Desactivar en este dispositivo',
  enabling: 'Activando…',
  enabled: 'Notificaciones activadas en este dispositivo.',
  disabled: 'Este dispositivo ya no recibirá notificaciones.',
  thisDeviceOn: 'Este dispositivo: activado',
  thisDevice: 'Este dispositivo',
  devicesTitle: 'Dispositivos con notificaciones',
  noDevices: 'Ningún dispositivo recibe notificaciones todavía.',
  denied:
    'Tu navegador bloqueó las notificaciones de este sitio. Para activarlas, permítelas en la configuración del navegador (ícono del candado junto a la dirección) y vuelve a intentarlo.',
  dismissed: 'No diste permiso para las notificaciones. Puedes intentarlo de nuevo cuando quieras.',
  unsupported: 'Este navegador no puede recibir notificaciones.',
  iosHomeScreen:
    'En iPhone o iPad, las notificaciones funcionan cuando la app está en la pantalla de inicio: toca Compartir y luego «Agregar a inicio», abre Coleccionables desde allí y activa las notificaciones.',
  failed: 'No se pudieron activar las notificaciones. Intenta de nuevo.',
  loadFailed: 'No se pudo saber qué dispositivos reciben notificaciones.',
  preferencesIntro: 'Elige qué avisos llegan como notificación a tus dispositivos.',
  endpointRefused: 'Este servicio de notificaciones no está permitido.',
  tooManyDevices: 'Ya tienes 10 dispositivos con notificaciones. Desactiva uno antes de agregar este.',
  removed: 'Listo: este dispositivo ya no recibirá notificaciones.',
  invalidSubscription: 'La suscripción de notificaciones no es válida.',
} as const;
