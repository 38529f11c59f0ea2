import { useSyncExternalStore } from 'react';
import { applyUpdate, serviceWorkerUpdate } from '../../lib/service-worker.ts';
import { Button } from '../ui/button.tsx';
import styles from './update-prompt.module.css';

/** 'Hay una nueva versión': shown once a new version is installed; the page reloads on 'Actualizar'. */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(serviceWorkerUpdate.subscribe, serviceWorkerUpdate.ready, () => false);
  if (!ready) return null;
  return (
    <div className={styles.prompt} role="status">
      <span>Hay una nueva versión de Coleccionables.</span>
      <Button type="button" variant="primary" onClick={applyUpdate}>
        Actualizar
      </Button>
    </div>
  );
}
