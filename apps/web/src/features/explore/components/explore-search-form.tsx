import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import styles from './explore.module.css';

/**
 * Explorar's search box. It starts from the address's text; the page mounts a new one when that
 * text changes (back, forward, a link), so what is typed is never overwritten while typing.
 */
export function ExploreSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [term, setTerm] = useState(initial);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term);
  };
  return (
    <form role="search" className={styles.searchRow} onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        Buscar en Explorar
      </label>
      <input
        id={inputId}
        className="input"
        type="search"
        placeholder="Buscar: Hot Wheels, Charizard, Funko…"
        maxLength={100}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <Button type="submit" variant="primary">
        Buscar
      </Button>
    </form>
  );
}
