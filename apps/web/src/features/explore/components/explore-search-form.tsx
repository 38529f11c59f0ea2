import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import type { ExploreState } from '../lib/explore-state.ts';
import { writeExploreState } from '../lib/explore-state.ts';
import styles from './explore.module.css';

/**
 * Explorar's search box. It starts from the address's text; the page mounts a new one when that
 * text changes (back, forward, a link), so what is typed is never overwritten while typing. A GET
 * form of the page's address carrying the view's other parameters, so it also works before the
 * app's code runs.
 */
export function ExploreSearchForm({
  state,
  onSearch,
}: {
  state: ExploreState;
  onSearch: (q: string) => void;
}) {
  const [term, setTerm] = useState(state.q);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term);
  };
  const kept = [...writeExploreState({ ...state, q: '' }).entries()];
  return (
    <form
      role="search"
      className={styles.searchRow}
      method="get"
      action={paths.explore.path}
      onSubmit={submit}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputId} className="sr-only">
        Buscar en Explorar
      </label>
      <input
        id={inputId}
        className="input"
        type="search"
        name="q"
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
