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
import { paths } from '../../../config/paths.ts';
import { useAppRunning } from '../../../lib/use-app-running.ts';
import type { ExploreState } from '../lib/explore-state.ts';
import styles from './explore.module.css';

type Change = (patch: Partial<ExploreState>) => void;

/** A facet as a select: every value with its count; the chosen one stays listed even at 0. */
function FacetSelect({
  label,
  name,
  entries,
  value,
  onChange,
}: {
  label: string;
  /** The address's parameter, for the form's own submission. */
  name: string;
  entries: BrowseFacetEntry[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const listed = value === undefined || entries.some((e) => e.id === value);
  return (
    <FormField label={label}>
      <select
        className="select"
        name={name}
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

/** What the typed bounds say: each field's error, or the bounds to apply. */
function checkPrices(min: string, max: string) {
  const low = readPrice(min);
  const high = readPrice(max);
  const errors = {
    min: low === null ? PRICE_NOT_A_NUMBER : undefined,
    max: high === null ? PRICE_NOT_A_NUMBER : undefined,
    range: low != null && high != null && low > high,
  };
  const ok = !errors.min && !errors.max && !errors.range && low !== null && high !== null;
  return { errors, bounds: ok ? { min_price: low, max_price: high } : undefined };
}

type PriceErrors = ReturnType<typeof checkPrices>['errors'];

/**
 * Price bounds are applied together, on 'Aplicar precio' or Enter (the panel form's submission),
 * not on every keystroke. Each field shows its own error; a minimum above the maximum is told
 * under Máximo and marks both. The panel mounts a new one when the address's bounds change.
 */
function PriceRange({ state, errors }: { state: ExploreState; errors: PriceErrors }) {
  const maxId = useId();
  return (
    <fieldset className="plain-fieldset">
      <legend className={styles.legend}>Precio (COP)</legend>
      <div className={styles.priceRow}>
        <FormField label="Mínimo" error={errors.min}>
          <input
            className="input"
            name="min_price"
            inputMode="numeric"
            defaultValue={state.min_price?.toString() ?? ''}
            aria-invalid={errors.range || undefined}
            aria-describedby={errors.range ? `${maxId}-error` : undefined}
          />
        </FormField>
        <FormField
          label="Máximo"
          id={maxId}
          error={errors.max ?? (errors.range ? PRICE_RANGE_WRONG : undefined)}
        >
          <input
            className="input"
            name="max_price"
            inputMode="numeric"
            defaultValue={state.max_price?.toString() ?? ''}
          />
        </FormField>
      </div>
      <Button type="submit" size="sm">
        Aplicar precio
      </Button>
    </fieldset>
  );
}

/**
 * The filters: kind, category, brand, scale, condition and price, each with its facet counts.
 * A GET form of the page's own address whose fields carry the address's parameters, so before
 * the app's code runs (or without JavaScript) 'Aplicar filtros' sends the view and the server
 * renders it; once the app runs, each choice applies at once and that button goes.
 */
export function FilterPanel({
  state,
  facets,
  onChange,
  formId,
}: {
  state: ExploreState;
  facets: BrowseResponse['facets'] | undefined;
  onChange: Change;
  /** The form's id: the sort select outside it belongs to it through `form=`. */
  formId?: string;
}) {
  const conditionCounts = new Map(facets?.condition.map((c) => [c.value, c.count]) ?? []);
  const [priceErrors, setPriceErrors] = useState<PriceErrors>({
    min: undefined,
    max: undefined,
    range: false,
  });
  const running = useAppRunning();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { errors, bounds } = checkPrices(
      String(data.get('min_price') ?? ''),
      String(data.get('max_price') ?? ''),
    );
    setPriceErrors(errors);
    if (bounds) onChange(bounds);
  };
  return (
    <form
      id={formId}
      className={styles.filters}
      method="get"
      action={paths.explore.path}
      onSubmit={submit}
      noValidate
    >
      {/* The search term and the sort travel with the filters when the form itself is sent. */}
      <input type="hidden" name="q" value={state.q} />
      {formId ? null : <input type="hidden" name="sort" value={state.sort} />}
      <fieldset className="plain-fieldset">
        <legend className={styles.legend}>Tipo</legend>
        {BROWSE_KINDS.map((kind) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name="kind"
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
        name="category_id"
        entries={facets?.category ?? []}
        value={state.category_id}
        // A brand belongs to one category: changing the category lets the brand go.
        onChange={(category_id) => onChange({ category_id, brand_id: undefined })}
      />
      <FacetSelect
        label="Marca"
        name="brand_id"
        entries={facets?.brand ?? []}
        value={state.brand_id}
        onChange={(brand_id) => onChange({ brand_id })}
      />
      <FacetSelect
        label="Escala"
        name="scale_id"
        entries={facets?.scale ?? []}
        value={state.scale_id}
        onChange={(scale_id) => onChange({ scale_id })}
      />
      <FormField label="Estado">
        <select
          className="select"
          name="condition"
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
      <PriceRange key={`${state.min_price}-${state.max_price}`} state={state} errors={priceErrors} />
      {running ? null : (
        <Button type="submit" variant="primary" block>
          Aplicar filtros
        </Button>
      )}
    </form>
  );
}
