import {
  BROWSE_KIND_LABELS,
  BROWSE_KINDS,
  type BrowseFacetEntry,
  type BrowseResponse,
  CONDITION_LABELS,
} from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { ExploreState } from '../lib/explore-state.ts';
import styles from './explore.module.css';

type Change = (patch: Partial<ExploreState>) => void;

/** A facet as a select: every value with its count; the chosen one stays listed even at 0. */
function FacetSelect({
  label,
  entries,
  value,
  onChange,
}: {
  label: string;
  entries: BrowseFacetEntry[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const listed = value === undefined || entries.some((e) => e.id === value);
  return (
    <FormField label={label}>
      <select
        className="select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Todas</option>
        {!listed ? <option value={value}>Seleccionada (0)</option> : null}
        {entries.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({e.count})
          </option>
        ))}
      </select>
    </FormField>
  );
}

const PRICE_NOT_A_NUMBER = 'Escribe el precio en pesos, solo números y sin decimales';
const PRICE_RANGE_WRONG = 'El precio mínimo no puede ser mayor que el precio máximo';

/** A typed price: undefined when empty, null when it is no whole number of pesos. */
export function readPrice(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  // People write thousands with dots or spaces, and sometimes the peso sign.
  const value = Number(text.replace(/[.\s$]/g, ''));
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Price bounds are applied together, on 'Aplicar' or Enter, not on every keystroke. Each field
 * shows its own error; a minimum above the maximum is told under Máximo and marks both. The
 * panel mounts a new one when the address's bounds change (back, forward, a cleared filter).
 */
function PriceRange({ state, onChange }: { state: ExploreState; onChange: Change }) {
  const [min, setMin] = useState(state.min_price?.toString() ?? '');
  const [max, setMax] = useState(state.max_price?.toString() ?? '');
  const [errors, setErrors] = useState<{ min?: string; max?: string; range?: boolean }>({});
  const maxId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const low = readPrice(min);
    const high = readPrice(max);
    const found = {
      min: low === null ? PRICE_NOT_A_NUMBER : undefined,
      max: high === null ? PRICE_NOT_A_NUMBER : undefined,
      range: low != null && high != null && low > high,
    };
    setErrors(found);
    if (found.min || found.max || found.range || low === null || high === null) return;
    onChange({ min_price: low, max_price: high });
  };
  return (
    <form className={styles.priceForm} onSubmit={apply} noValidate>
      <fieldset className="plain-fieldset">
        <legend className={styles.legend}>Precio (COP)</legend>
        <div className={styles.priceRow}>
          <FormField label="Mínimo" error={errors.min}>
            <input
              className="input"
              inputMode="numeric"
              value={min}
              aria-invalid={errors.range || undefined}
              aria-describedby={errors.range ? `${maxId}-error` : undefined}
              onChange={(e) => setMin(e.target.value)}
            />
          </FormField>
          <FormField
            label="Máximo"
            id={maxId}
            error={errors.max ?? (errors.range ? PRICE_RANGE_WRONG : undefined)}
          >
            <input
              className="input"
              inputMode="numeric"
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" size="sm">
          Aplicar precio
        </Button>
      </fieldset>
    </form>
  );
}

/** The filters: kind, category, brand, scale, condition and price, each with its facet counts. */
export function FilterPanel({
  state,
  facets,
  onChange,
}: {
  state: ExploreState;
  facets: BrowseResponse['facets'] | undefined;
  onChange: Change;
}) {
  const kindName = useId();
  const conditionCounts = new Map(facets?.condition.map((c) => [c.value, c.count]) ?? []);
  return (
    <div className={styles.filters}>
      <fieldset className="plain-fieldset">
        <legend className={styles.legend}>Tipo</legend>
        {BROWSE_KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={state.kind === kind}
              onChange={() => onChange({ kind })}
            />
            {BROWSE_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      <FacetSelect
        label="Categoría"
        entries={facets?.category ?? []}
        value={state.category_id}
        // A brand belongs to one category: changing the category lets the brand go.
        onChange={(category_id) => onChange({ category_id, brand_id: undefined })}
      />
      <FacetSelect
        label="Marca"
        entries={facets?.brand ?? []}
        value={state.brand_id}
        onChange={(brand_id) => onChange({ brand_id })}
      />
      <FacetSelect
        label="Escala"
        entries={facets?.scale ?? []}
        value={state.scale_id}
        onChange={(scale_id) => onChange({ scale_id })}
      />
      <FormField label="Estado">
        <select
          className="select"
          value={state.condition ?? ''}
          onChange={(event) =>
            onChange({ condition: (event.target.value || undefined) as ExploreState['condition'] })
          }
        >
          <option value="">Todos</option>
          {Object.entries(CONDITION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label} ({conditionCounts.get(value as keyof typeof CONDITION_LABELS) ?? 0})
            </option>
          ))}
        </select>
      </FormField>
      <PriceRange key={`${state.min_price}-${state.max_price}`} state={state} onChange={onChange} />
    </div>
  );
}
