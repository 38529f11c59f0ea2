import {
  AUCTION_DEFAULT_DURATION_HOURS,
  AUCTION_MAX_DURATION_HOURS,
  AUCTION_MAX_START_AHEAD_MS,
  AUCTION_MIN_DURATION_HOURS,
  AUCTION_START_STEP_SECONDS,
  auctionMessages,
  type CreateAuctionPayload,
  makeCreateAuctionSchema,
} from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useCreateAuction } from '../api/create-auction.ts';
import { useSelectedProducts } from '../api/get-selected-products.ts';
import styles from './auctions.module.css';

const REDIRECT_DELAY_MS = 3000;
type Field = 'title' | 'min_offer' | 'max_offer' | 'duration' | 'started_at' | 'products';
const FIELD_NAMES: Record<Field, true> = {
  title: true,
  min_offer: true,
  max_offer: true,
  duration: true,
  started_at: true,
  products: true,
};
/** The form field a request path names (`products.2` is the products list). */
const formField = (path: string): Field | undefined => {
  const name = path.split('.')[0]!;
  return name in FIELD_NAMES ? (name as Field) : undefined;
};

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, what a datetime-local input speaks. */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const STEP_MS = AUCTION_START_STEP_SECONDS * 1000;

/** The create-auction form for the products chosen in /products (?products=1,2,3). */
export function CreateAuctionForm({ productIds }: { productIds: number[] }) {
  const navigate = useNavigate();
  const products = useSelectedProducts(productIds);
  const create = useCreateAuction();
  const [title, setTitle] = useState('');
  const [minOffer, setMinOffer] = useState('0');
  const [maxOffer, setMaxOffer] = useState('0');
  const [isFlash, setIsFlash] = useState(false);
  const [duration, setDuration] = useState(String(AUCTION_DEFAULT_DURATION_HOURS));
  const [start, setStart] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);

  const loadFailed = products.isError || (products.isSuccess && products.data.length === 0);

  useEffect(() => {
    if (!loadFailed) return;
    const timer = setTimeout(() => navigate(paths.products.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadFailed, navigate]);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(paths.products.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  // The start picker: from the next 5-minute mark to 7 days ahead, in 5-minute steps.
  const now = serverNow();
  const minStart = toLocalInput(Math.ceil(now / STEP_MS) * STEP_MS);
  const maxStart = toLocalInput(Math.floor((now + AUCTION_MAX_START_AHEAD_MS) / STEP_MS) * STEP_MS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
    const startDate = start ? new Date(start) : null;
    const payload: CreateAuctionPayload = {
      title,
      min_offer: toNumber(minOffer),
      max_offer: toNumber(maxOffer),
      is_flash: isFlash,
      duration: toNumber(duration),
      started_at:
        startDate && !Number.isNaN(startDate.getTime()) ? startDate.toISOString() : start ? 'invalid' : null,
      products: productIds,
    };
    const result = makeCreateAuctionSchema(new Date(serverNow())).safeParse(payload);
    if (!result.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'products') as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(payload);
      setCreated(true);
    } catch (err) {
      // The server's field errors under their inputs (its field names are the form's); any
      // other refusal, or a failure, above the form.
      const fields = err instanceof ApiError && err.status < 500 ? Object.entries(err.fields) : [];
      const next: Partial<Record<Field, string>> = {};
      for (const [path, message] of fields) {
        const field = formField(path);
        if (field) next[field] ??= message;
      }
      if (Object.keys(next).length > 0) {
        setErrors(next);
        return;
      }
      const first = err instanceof ApiError && err.status < 500 ? err.errors[0] : undefined;
      const message = first ?? errorMessage(err, auctionMessages.createError);
      setFormError(message || auctionMessages.createError);
    }
  }

  return (
    <div className="stack">
      <p className="muted flush" aria-live="polite">
        {productIds.length} {productIds.length === 1 ? 'producto seleccionado' : 'productos seleccionados'}
      </p>

      {products.isPending ? (
        <Spinner label="Cargando productos seleccionados..." />
      ) : loadFailed ? (
        <Alert kind="error" as="div">
          {auctionMessages.productsLoadError}
        </Alert>
      ) : (
        <ul className={styles.selected} aria-label="Productos seleccionados">
          {products.data.map((p) => (
            <li key={p.id} className="card">
              <SafeImage src={p.thumbnail ?? p.image} alt={p.name} />
              <span>{p.name}</span>
            </li>
          ))}
        </ul>
      )}

      {created ? (
        <Alert kind="success" as="div" takeFocus>
          ¡Subasta creada exitosamente!
        </Alert>
      ) : null}

      <form className="form card" onSubmit={submit} noValidate aria-label="Datos de la subasta">
        <FormField label="Título" error={errors.title} required>
          <input
            className="input"
            type="text"
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            autoComplete="off"
          />
        </FormField>
        <div className={styles.formGrid}>
          <MoneyField
            label="Oferta mínima (incremento mínimo, $)"
            error={errors.min_offer}
            hint="0 significa sin mínimo"
            required
            value={minOffer}
            onChange={(e) => setMinOffer(e.target.value)}
          />
          <MoneyField
            label="Oferta máxima (incremento máximo, $)"
            error={errors.max_offer}
            hint="0 significa sin límite"
            required
            value={maxOffer}
            onChange={(e) => setMaxOffer(e.target.value)}
          />
          <FormField label="Duración (horas)" error={errors.duration} hint="Entre 1 y 168 horas" required>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={AUCTION_MIN_DURATION_HOURS}
              max={AUCTION_MAX_DURATION_HOURS}
              step={1}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          </FormField>
          <FormField
            label="Fecha de inicio (opcional)"
            error={errors.started_at}
            hint="Déjala vacía para activarla manualmente desde Mis subastas"
          >
            <input
              className="input"
              type="datetime-local"
              step={AUCTION_START_STEP_SECONDS}
              min={minStart}
              max={maxStart}
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </FormField>
        </div>
        <label className={styles.toggle}>
          <input type="checkbox" checked={isFlash} onChange={(e) => setIsFlash(e.target.checked)} />
          Subasta Flash
        </label>
        {errors.products ? (
          <p className="field-error" role="alert">
            {errors.products}
          </p>
        ) : null}
        {formError ? (
          <Alert kind="error" as="div">
            {formError}
          </Alert>
        ) : null}
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            busy={create.isPending}
            disabled={created || loadFailed || products.isPending}
          >
            {create.isPending ? 'Creando...' : 'Crear subasta'}
          </Button>
        </div>
      </form>
    </div>
  );
}
