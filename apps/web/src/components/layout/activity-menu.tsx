import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { Badge } from '../ui/badge.tsx';
import styles from './header.module.css';

const baseItems = [
  { label: 'Notificaciones', href: paths.notifications.getHref(), showsUnread: true },
  { label: 'Subastas ganadas', href: paths.wonAuctions.getHref(), showsUnread: false },
  { label: 'Mis Compras', href: paths.purchases.getHref(), showsUnread: false },
  { label: 'Ofertas', href: paths.offers.getHref(), showsUnread: false },
  { label: 'Favoritos', href: paths.watchlist.getHref(), showsUnread: false },
  { label: 'Búsquedas guardadas', href: paths.savedSearches.getHref(), showsUnread: false },
  // Sellers answer the questions on their products here (empty for anyone else).
  { label: 'Preguntas', href: paths.questions.getHref(), showsUnread: false },
] as const;

/** Only operators see the console in the menu (the page itself also refuses anyone else). */
const adminItem = { label: 'Administración', href: paths.admin.getHref(), showsUnread: false } as const;

/**
 * 'Actividad' dropdown: a menu button with Notificaciones (unread count),
 * Subastas ganadas and Favoritos. Escape, a click outside or Tab closes it; arrow keys move between items.
 * Without a token an item stores itself as the redirect-after-login and goes to /login.
 */
export function ActivityMenu({
  unread,
  onNavigate,
  isOperator = false,
  onIntent,
}: {
  unread: number;
  onNavigate?: () => void;
  isOperator?: boolean;
  /** Someone reaches for the menu (pointer over it, focus, opening): what it may list can load now. */
  onIntent?: () => void;
}) {
  const items = isOperator ? [...baseItems, adminItem] : baseItems;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const focusOnOpen = useRef<number | null>(null);
  const navigate = useNavigate();
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current !== null) {
      itemRefs.current[focusOnOpen.current]?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const openAndFocus = (index: number) => {
    focusOnOpen.current = index;
    if (open) {
      itemRefs.current[index]?.focus();
      focusOnOpen.current = null;
    } else setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (index: number) => {
      event.preventDefault();
      itemRefs.current[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else if (event.key === ' ') {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.click();
    }
  };

  const go = (event: React.MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    setOpen(false);
    onNavigate?.();
    if (!authStorage.getToken()) {
      authStorage.setRedirect(href);
      navigate(paths.login.getHref());
    } else navigate(href);
  };

  const unreadLabel = unread > 99 ? '99+' : String(unread);
  return (
    <div className={styles.dropdown} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.navButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          onIntent?.();
          setOpen((v) => !v);
        }}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        Actividad
        {unread > 0 && (
          <>
            <span className={styles.dot} aria-hidden="true">
              {unreadLabel}
            </span>
            <span className="sr-only">({unread} sin leer)</span>
          </>
        )}
        <svg className={styles.caret} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <a
              key={item.href}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              role="menuitem"
              href={item.href}
              className={styles.menuItem}
              tabIndex={-1}
              onClick={(event) => go(event, item.href)}
            >
              <span>{item.label}</span>
              {item.showsUnread && unread > 0 && (
                <>
                  <Badge tone="live" aria-hidden="true">
                    {unreadLabel}
                  </Badge>
                  <span className="sr-only">({unread} sin leer)</span>
                </>
              )}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
