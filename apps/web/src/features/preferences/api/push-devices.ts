import { pushEndpoints as endpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { serviceWorkerRegistration } from '../../../lib/service-worker.ts';

/** What this browser can do about push: why not, when it cannot. */
export type PushSupport = 'supported' | 'unsupported' | 'ios-home-screen';

export function pushSupport(): PushSupport {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'supported';
  // iOS and iPadOS (16.4+) offer push only to a site added to the Home Screen and opened from it.
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !standalone ? 'ios-home-screen' : 'unsupported';
}

/** GET /api/push/subscriptions: the user's devices with notifications on. */
const pushDevicesQuery = () =>
  queryOptions({ queryKey: queryKeys.preferences.pushDevices, queryFn: () => call(endpoints.devices) });
export const usePushDevices = (enabled: boolean) => useQuery({ ...pushDevicesQuery(), enabled });

/** This browser's own push subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const useCurrentSubscription = (enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.preferences.pushDevices, 'this-browser'],
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled,
  });

export class PermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(permission);
  }
}

/** Waits for the service worker (registered after load), at most a while. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  if (!registration) throw new Error('no service worker');
  return registration;
}

/**
 * 'Activar notificaciones en este dispositivo': asks the browser's permission (only now, on the
 * person's press), subscribes with the server's key and hands the subscription to the server.
 */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PermissionRefused(permission);
      const registration = await readyRegistration();
      const { key } = await call(endpoints.publicKey);
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      const json = subscription.toJSON();
      return call(endpoints.subscribe, {
        body: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.preferences.pushDevices }),
  });
}

/** Stops pushes to this browser: the server forgets it, and the browser's subscription ends. */
export function useDisablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (endpoint: string) => {
      await call(endpoints.unsubscribe, { body: { endpoint } });
      const own = await currentSubscription();
      if (own?.endpoint === endpoint) await own.unsubscribe();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.preferences.pushDevices }),
  });
}
