// Push handling, imported by the service worker the build generates (vite.config.ts): each
// push is a Spanish {title, body, url} from the server, shown as a system notification that
// opens its page when tapped.
/* global self, clients */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  // Only this site's own pages are opened.
  const url =
    typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
      ? data.url
      : '/notifications';
  event.waitUntil(
    self.registration.showNotification(
      typeof data.title === 'string' && data.title ? data.title : 'Coleccionables',
      {
        body: typeof data.body === 'string' ? data.body : '',
        icon: '/icons/icon-192.png',
        lang: 'es',
        data: { url },
      },
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      // A window of the app already open goes to the page, instead of opening another.
      const any = windows.find((client) => 'navigate' in client);
      if (any) {
        await any.focus();
        return any.navigate(target);
      }
      return clients.openWindow(target);
    })(),
  );
});
