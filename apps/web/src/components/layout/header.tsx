import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ActivityMenu } from './activity-menu.tsx';
import styles from './header.module.css';
import { Logo } from './logo.tsx';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

/** Site header: logo, search, Inicio, Vender, Actividad, Perfil. */
export function Header({
  unread,
  isOperator = false,
  onActivityIntent,
}: {
  unread: number;
  isOperator?: boolean;
  /** Someone reaches for the Actividad menu (see ActivityMenu's onIntent). */
  onActivityIntent?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const searchId = useId();
  const navId = useId();

  // The phone menu closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setMenuOpen(false), [pathname]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    navigate(paths.search.getHref(text));
    setQuery('');
    setMenuOpen(false);
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.logo} aria-label="Coleccionables, ir al inicio">
          <Logo />
        </Link>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" fill="none" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" fill="none" />
            )}
          </svg>
          <span>Menú</span>
          {unread > 0 && !menuOpen && (
            <>
              <span className={styles.dot} aria-hidden="true" />
              <span className="sr-only">({unread} sin leer)</span>
            </>
          )}
        </button>
        <search className={styles.search}>
          {/* A real GET form: before the app's code runs (or without JavaScript) the browser sends
              it to the search page itself; the app takes it over once it runs. */}
          <form action={paths.search.path} method="get" onSubmit={onSearch}>
            <label htmlFor={searchId} className="sr-only">
              Buscar
            </label>
            <svg className={styles.searchIcon} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" />
            </svg>
            <input
              id={searchId}
              className={styles.searchInput}
              type="search"
              name="query"
              placeholder="Buscar coleccionables o vendedores"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </form>
        </search>
        <nav
          id={navId}
          aria-label="Principal"
          className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
        >
          <ul className={styles.navList}>
            <li>
              <NavLink to={paths.home.getHref()} end className={navClass}>
                Inicio
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.explore.getHref()} className={navClass}>
                Explorar
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.products.getHref()} end className={navClass}>
                Vender
              </NavLink>
            </li>
            <li>
              <ActivityMenu
                unread={unread}
                isOperator={isOperator}
                onIntent={onActivityIntent}
                onNavigate={() => setMenuOpen(false)}
              />
            </li>
            <li>
              <NavLink to={paths.profile.getHref()} end className={navClass}>
                Perfil
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
