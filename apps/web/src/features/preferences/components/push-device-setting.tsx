import { pushMessages as m } from '@app/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  PermissionRefused,
  pushSupport,
  useCurrentSubscription,
  useDisablePush,
  useEnablePush,
  usePushDevices,
} from '../api/push-devices.ts';
import styles from './preferences.module.css';

/**
 * Notifications on this device: the button asks the browser's permission only when pressed,
 * says plainly when the browser refuses or cannot, and lists the account's devices with this one
 * marked.
 */
export function PushDeviceSetting() {
  // Read in the browser only: the server render shows the loading state.
  const [support] = useState(() => (typeof window === 'undefined' ? null : pushSupport()));
  const supported = support === 'supported';
  const devices = usePushDevices(supported);
  const own = useCurrentSubscription(supported);
  const enable = useEnablePush();
  const disable = useDisablePush();

  const thisDevice = devices.data?.data.find((device) => device.endpoint === own.data);
  const refusal =
    enable.error instanceof PermissionRefused
      ? enable.error.permission === 'denied'
        ? m.denied
        : m.dismissed
      : enable.error
        ? errorMessage(enable.error, m.failed)
        : null;

  return (
    <section aria-labelledby="push-title" className="stack">
      <h3 id="push-title" className={styles.subtitle}>
        {m.sectionTitle}
      </h3>
      <p className={styles.hint}>{m.intro}</p>
      {support === null ? (
        <Spinner label="Cargando…" />
      ) : support === 'ios-home-screen' ? (
        <Alert kind="info">{m.iosHomeScreen}</Alert>
      ) : support === 'unsupported' ? (
        <Alert kind="info">{m.unsupported}</Alert>
      ) : devices.isPending || own.isPending ? (
        <Spinner label="Cargando dispositivos…" />
      ) : devices.isError ? (
        <Alert kind="error">{errorMessage(devices.error, m.loadFailed)}</Alert>
      ) : (
        <>
          {thisDevice ? (
            <div className={styles.actions}>
              <Alert kind="success">{m.thisDeviceOn}</Alert>
              <Button
                type="button"
                disabled={disable.isPending}
                aria-busy={disable.isPending}
                onClick={() => disable.mutate(thisDevice.endpoint)}
              >
                {m.disable}
              </Button>
            </div>
          ) : (
            <div className={styles.actions}>
              <Button
                type="button"
                variant="primary"
                disabled={enable.isPending}
                aria-busy={enable.isPending}
                onClick={() => enable.mutate()}
              >
                {enable.isPending ? m.enabling : m.enable}
              </Button>
            </div>
          )}
          {refusal && !thisDevice ? <Alert kind="error">{refusal}</Alert> : null}
          {enable.isSuccess && thisDevice ? <Alert kind="success">{m.enabled}</Alert> : null}
          {disable.isSuccess && !thisDevice ? <Alert kind="success">{m.disabled}</Alert> : null}
          <h4 className={styles.subtitle}>{m.devicesTitle}</h4>
          {devices.data.data.length === 0 ? (
            <p className={styles.hint}>{m.noDevices}</p>
          ) : (
            <ul className={styles.devices}>
              {devices.data.data.map((device) => (
                <li key={device.endpoint} className={styles.device}>
                  <span className={styles.label}>
                    {device.endpoint === own.data ? `${m.thisDevice}: ` : ''}
                    {device.device ?? 'Navegador'}
                  </span>
                  <span className={styles.hint}>Activado</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
