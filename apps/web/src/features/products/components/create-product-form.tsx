import {
  type Category,
  type CreateProductPayload,
  gradingApplies,
  makeCreateProductSchema,
  offerMessages,
  productMessages,
  requiresScale,
} from '@app/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useBrands } from '../api/get-brands.ts';
import { useCategories } from '../api/get-categories.ts';
import { useScales } from '../api/get-scales.ts';
import { addProductImage } from '../api/product-photos.ts';
import { photosForCreate } from '../lib/photo-files.ts';
import {
  AttributeFields,
  type AttributeValues,
  attributeFieldOf,
  attributePayload,
  emptyAttributeValues,
} from './attribute-fields.tsx';
import { CreatePhotos } from './create-photos.tsx';
import { numberOrNull, yearInputProps } from './product-fields.ts';
import styles from './products.module.css';

/** How long the success message stays before going to /products. */
const CREATED_REDIRECT_MS = 3000;

export interface CreateProductValues extends AttributeValues {
  name: string;
  year: string;
  description: string;
  tags: string;
  category_id: string;
  brand_id: string;
  scale_id: string;
  reserve_price: string;
  base_price: string;
  can_be_bought: boolean;
  sell_price: string;
  accepts_offers: boolean;
  auto_accept_price: string;
  auto_decline_price: string;
  /** The photos as data URLs, in order: the first is the cover. */
  images: string[];
}

type FieldName = keyof CreateProductValues;

const emptyValues: CreateProductValues = {
  name: '',
  year: '',
  description: '',
  tags: '',
  category_id: '',
  brand_id: '',
  scale_id: '',
  reserve_price: '',
  base_price: '',
  can_be_bought: false,
  sell_price: '',
  accepts_offers: false,
  auto_accept_price: '',
  auto_decline_price: '',
  images: [],
  ...emptyAttributeValues,
};

/** The request body for the form's values (grading only for trading cards). */
export function toCreatePayload(values: CreateProductValues, gradingAllowed = false): CreateProductPayload {
  return {
    ...attributePayload(values, gradingAllowed),
    name: values.name,
    year: numberOrNull(values.year) as number,
    description: values.description,
    tags: values.tags,
    category_id: numberOrNull(values.category_id) as number,
    brand_id: numberOrNull(values.brand_id) as number,
    scale_id: numberOrNull(values.scale_id),
    reserve_price: numberOrNull(values.reserve_price),
    base_price: numberOrNull(values.base_price),
    can_be_bought: values.can_be_bought,
    sell_price: values.can_be_bought ? numberOrNull(values.sell_price) : null,
    accepts_offers: values.can_be_bought && values.accepts_offers,
    auto_accept_price:
      values.can_be_bought && values.accepts_offers ? numberOrNull(values.auto_accept_price) : null,
    auto_decline_price:
      values.can_be_bought && values.accepts_offers ? numberOrNull(values.auto_decline_price) : null,
    images: values.images,
  };
}

/** The form's fields, named as in the request, so the server's `fields` land on them. */
const FORM_FIELDS: ReadonlySet<string> = new Set<FieldName>([
  'name',
  'year',
  'description',
  'tags',
  'category_id',
  'brand_id',
  'scale_id',
  'reserve_price',
  'base_price',
  'sell_price',
  'auto_accept_price',
  'auto_decline_price',
  'images',
  'condition',
  'grading_company',
  'grading_grade',
  'grading_certificate',
]);
const isFormField = (name: string): name is FieldName => FORM_FIELDS.has(name);

/** The server names the grading's parts by their place in the body (`grading.grade`). */
const formFieldOf = (name: string): string => {
  if (name === 'image' || name.startsWith('images')) return 'images';
  return name === 'grading'
    ? 'grading_company'
    : name.startsWith('grading.')
      ? `grading_${name.slice(8)}`
      : name;
};

const gradingAllowedFor = (categories: Category[], categoryId: string) =>
  gradingApplies(categories.find((c) => String(c.id) === categoryId)?.name);

/** Validates with the same contracts schema the server uses; one message per field. */
function makeResolver(categories: Category[]): Resolver<CreateProductValues> {
  const schema = makeCreateProductSchema({
    scaleRequiredFor: (id) => requiresScale(categories.find((c) => c.id === id)?.name),
  });
  return async (values) => {
    const result = schema.safeParse(
      toCreatePayload(values, gradingAllowedFor(categories, values.category_id)),
    );
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<CreateProductValues> = {};
    for (const issue of result.error.issues) {
      const first = issue.path[0];
      const field =
        attributeFieldOf(issue.path) ?? (first === 'image' ? 'images' : (first as FieldName | undefined));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** /products/create: every product field with the product rules (toCreatePayload, the shared schema). */
export function CreateProductForm() {
  const categories = useCategories();
  if (categories.isPending) return <Spinner label="Cargando formulario..." />;
  if (categories.isError) {
    return (
      <Alert kind="error" as="div">
        {errorMessage(
          categories.error,
          'No se pudieron cargar las categorías. Por favor, intenta nuevamente.',
        )}
      </Alert>
    );
  }
  return <ProductForm categories={categories.data} />;
}

function ProductForm({ categories }: { categories: Category[] }) {
  const navigate = useNavigate();
  const resolver = useMemo(() => makeResolver(categories), [categories]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CreateProductValues>({ defaultValues: emptyValues, resolver, mode: 'onSubmit' });
  const create = useCreateProduct();
  const [formError, setFormError] = useState<string[]>([]);
  const [created, setCreated] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The photos have no text input of their own: the picker sets them.
  useEffect(() => {
    register('images');
  }, [register]);

  const categoryId = watch('category_id');
  const canBeBought = watch('can_be_bought');
  const acceptsOffers = watch('accepts_offers');
  const images = watch('images');
  const category = categories.find((c) => String(c.id) === categoryId);
  const needsScale = requiresScale(category?.name);
  const brands = useBrands(category ? category.id : null);
  const scales = useScales();
  const busy = create.isPending || created || progress !== null;

  const onSubmit = handleSubmit(async (values) => {
    setFormError([]);
    // As many photos as fit go with the product; the rest follow one by one, counted by one bar.
    const total = values.images.length;
    const withCreate = photosForCreate(values.images);
    setProgress({ done: 0, total });
    let productId: number | null = null;
    try {
      const payload = toCreatePayload(values, gradingAllowedFor(categories, values.category_id));
      const answer = await create.mutateAsync({ ...payload, images: values.images.slice(0, withCreate) });
      productId = answer.product.id;
      setProgress({ done: withCreate, total });
      for (const [index, image] of values.images.slice(withCreate).entries()) {
        await addProductImage(productId, image);
        setProgress({ done: withCreate + index + 1, total });
      }
      setProgress(null);
      setCreated(true);
      timer.current = setTimeout(() => navigate(paths.products.getHref()), CREATED_REDIRECT_MS);
    } catch (error) {
      setProgress(null);
      if (productId !== null) {
        // The product exists: sending the form again would list it twice.
        setFormError([
          `${productMessages.created} Algunas fotos no se pudieron subir (${errorMessage(error, productMessages.imageReadError)}); agrégalas desde Editar en Mis productos.`,
        ]);
        setCreated(true);
        return;
      }
      // Each field's message under its input; what names no field of the form goes on top.
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      const general: string[] = [];
      for (const [field, message] of fields) {
        const formField = formFieldOf(field);
        if (isFormField(formField)) setError(formField, { type: 'server', message });
        else general.push(message);
      }
      if (fields.length === 0 && error instanceof ApiError && error.status < 500)
        general.push(...error.errors);
      if (fields.length === 0 || general.length > 0) {
        setFormError(
          general.length > 0
            ? general
            : [errorMessage(error, 'No se pudo crear el producto. Por favor, intenta nuevamente.')],
        );
      }
    }
  });

  return (
    <form className={`card form ${styles.formCard}`} onSubmit={onSubmit} noValidate aria-busy={busy}>
      {created && (
        <Alert kind="success" as="div">
          {productMessages.created}
        </Alert>
      )}
      {formError.length > 0 && (
        <Alert kind="error" as="div">
          {formError.map((message) => (
            <p className="flush" key={message}>
              {message}
            </p>
          ))}
        </Alert>
      )}
      <fieldset className="form plain-fieldset">
        <legend className="sr-only">Datos del producto</legend>
        <div className={styles.formGrid}>
          <FormField label="Nombre" required error={errors.name?.message} className={styles.full}>
            <input className="input" autoComplete="off" maxLength={150} {...register('name')} />
          </FormField>
          <FormField label="Año" required error={errors.year?.message}>
            <input {...yearInputProps} step={1} {...register('year')} />
          </FormField>
          <FormField
            label="Etiquetas"
            hint="Separadas por comas, por ejemplo: jdm, premium"
            error={errors.tags?.message}
          >
            <input className="input" autoComplete="off" maxLength={500} {...register('tags')} />
          </FormField>
          <FormField label="Descripción" required error={errors.description?.message} className={styles.full}>
            <textarea className="textarea" rows={4} maxLength={5000} {...register('description')} />
          </FormField>
          <FormField label="Categoría" required error={errors.category_id?.message}>
            <select
              className="select"
              {...register('category_id', {
                // A new category resets brand and scale.
                onChange: () => {
                  setValue('brand_id', '');
                  setValue('scale_id', '');
                  clearErrors(['brand_id', 'scale_id']);
                },
              })}
            >
              <option value="">Seleccione una categoría</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label="Marca"
            required
            error={errors.brand_id?.message}
            hint={category ? undefined : 'Primero selecciona una categoría'}
          >
            <select className="select" disabled={!category || brands.isPending} {...register('brand_id')}>
              <option value="">{brands.isFetching ? 'Cargando marcas...' : 'Seleccione una marca'}</option>
              {(brands.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </FormField>
          {needsScale && (
            <FormField label="Escala" required error={errors.scale_id?.message}>
              <select className="select" {...register('scale_id')}>
                <option value="">Seleccione una escala</option>
                {(scales.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <AttributeFields
            bind={(field) => register(field)}
            errors={{
              condition: errors.condition?.message,
              grading_company: errors.grading_company?.message,
              grading_grade: errors.grading_grade?.message,
              grading_certificate: errors.grading_certificate?.message,
            }}
            showGrading={gradingApplies(category?.name)}
            fullClassName={styles.full}
          />
          <MoneyField
            label="Precio de reserva (COP)"
            error={errors.reserve_price?.message}
            {...register('reserve_price')}
          />
          <MoneyField
            label="Precio base (COP)"
            error={errors.base_price?.message}
            {...register('base_price')}
          />
          <div className={`field ${styles.full}`}>
            <label className="checkbox">
              <input
                type="checkbox"
                {...register('can_be_bought', {
                  // Turning buy-now off clears the sell price.
                  onChange: (event: { target: { checked: boolean } }) => {
                    if (!event.target.checked) {
                      setValue('sell_price', '');
                      clearErrors('sell_price');
                    }
                  },
                })}
              />
              Permitir compra directa
            </label>
          </div>
          {canBeBought && (
            <MoneyField
              label="Precio de venta (COP)"
              required
              error={errors.sell_price?.message}
              {...register('sell_price')}
            />
          )}
          {canBeBought && (
            <div className={`field ${styles.full}`}>
              <label className="checkbox">
                <input type="checkbox" {...register('accepts_offers')} />
                {offerMessages.acceptsOffers}
              </label>
            </div>
          )}
          {canBeBought && acceptsOffers && (
            <>
              <MoneyField
                label={offerMessages.autoAcceptPrice}
                error={errors.auto_accept_price?.message}
                {...register('auto_accept_price')}
              />
              <MoneyField
                label={offerMessages.autoDeclinePrice}
                error={errors.auto_decline_price?.message}
                {...register('auto_decline_price')}
              />
            </>
          )}
          <div className={styles.full}>
            <CreatePhotos
              images={images}
              disabled={busy}
              progress={progress}
              error={errors.images?.message}
              onChange={(next) => {
                setValue('images', next);
                clearErrors('images');
              }}
              onPickError={(message) => setError('images', { type: 'pick', message })}
            />
          </div>
        </div>
      </fieldset>
      <div className="modal-actions">
        <LinkButton to={paths.products.getHref()}>Cancelar</LinkButton>
        <Button type="submit" variant="primary" busy={busy}>
          {create.isPending ? 'Creando...' : 'Crear Producto'}
        </Button>
      </div>
    </form>
  );
}
