import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styles from './toast.module.css';

export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 4000;
const MAX_TOASTS = 4;

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts and the aria-live regions that announce them; mounted once in AppProvider. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, message }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
      map.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
    }),
    [show],
  );

  const render = (item: ToastItem) => (
    <div
      key={item.id}
      className={`toast toast-${item.kind} ${styles.toast} ${item.kind === 'info' ? styles.info : ''}`}
      data-kind={item.kind}
    >
      <span className={styles.message}>{item.message}</span>
      <button
        type="button"
        className={styles.close}
        aria-label="Cerrar aviso"
        onClick={() => dismiss(item.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" data-testid="toasts">
        {/* Errors interrupt (assertive); success and info wait their turn (polite). */}
        <div role="alert" aria-live="assertive" className={styles.stack}>
          {toasts.filter((t) => t.kind === 'error').map(render)}
        </div>
        <div role="status" aria-live="polite" className={styles.stack}>
          {toasts.filter((t) => t.kind !== 'error').map(render)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** Show a short message: `const toast = useToast(); toast.success('Guardado')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
