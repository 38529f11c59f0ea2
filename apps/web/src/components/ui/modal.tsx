import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true' && el.tabIndex >= 0,
  );
}

/** Open dialogs, innermost last: only the top one reacts to Escape and Tab. */
const openStack: symbol[] = [];

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (e.g. Cancelar / Guardar). */
  footer?: ReactNode;
  /** Optional description element id inside children, for aria-describedby. */
  describedBy?: string;
  /** Extra class on the dialog box (e.g. a wider modal). */
  className?: string;
  /** Selector (inside the dialog) of the element that gets focus first; default: first field or button. */
  initialFocus?: string;
  /** Set false to keep the dialog open on backdrop clicks (e.g. with unsaved input). Escape still closes. */
  closeOnBackdrop?: boolean;
  /**
   * Its request is under way: nothing closes it (Escape, the backdrop, ×) until the answer is in,
   * so the answer, an error included, is not lost. The caller's own Cancelar should be `busy` too.
   */
  pending?: boolean;
}

/**
 * Accessible dialog: role=dialog + aria-modal, named by its title, focus moved inside and trapped,
 * Escape and backdrop click close it, focus goes back to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  describedBy,
  className,
  initialFocus,
  closeOnBackdrop = true,
  pending = false,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = pending ? () => {} : onClose;
  const pointerDownOnBackdrop = useRef(false);
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const selector = initialFocusRef.current;
      const preferred = selector ? dialog.querySelector<HTMLElement>(selector) : null;
      const fields = dialog.querySelectorAll<HTMLElement>('input:not([disabled]), select, textarea');
      const target = preferred ?? fields[0] ?? focusableIn(dialog)[0] ?? dialog;
      target.focus();
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const me = Symbol('modal');
    openStack.push(me);
    // The page behind is inert while a dialog is open (portalled outside it): no focus, clicks or
    // screen-reader reading there, which aria-modal alone does not guarantee everywhere.
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== me) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const items = focusableIn(dialogRef.current);
      if (items.length === 0) {
        event.preventDefault();
        dialogRef.current.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && dialogRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openStack.splice(openStack.indexOf(me), 1);
      if (openStack.length === 0) page?.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // initialFocus is read once, when the dialog opens.
  }, [open]);

  if (!open) return null;
  return createPortal(
    // The backdrop click is a mouse shortcut; keyboard users close with Escape (handled on document).
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onPointerDown={(event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press that both started and ended on the backdrop closes (not a text selection drag).
        if (
          closeOnBackdrop &&
          !pending &&
          event.target === event.currentTarget &&
          pointerDownOnBackdrop.current
        ) {
          onCloseRef.current();
        }
        pointerDownOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className={styles.close}
            aria-label="Cerrar"
            aria-disabled={pending || undefined}
            onClick={() => onCloseRef.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={`modal-actions ${styles.footer}`}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
