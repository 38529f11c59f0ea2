import { Link } from 'react-router';

/** Placeholder until the header lands (foundation issue). */
export function Header() {
  return (
    <header>
      <Link to="/">Coleccionables</Link>
    </header>
  );
}
