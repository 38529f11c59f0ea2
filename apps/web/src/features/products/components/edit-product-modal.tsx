import {
  gradingApplies,
  offerMessages,
  type ProductDetail,
  productMessages,
  UpdateProductInputSchema,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import {
  AttributeFields,
  type AttributeValues,
  attributeFieldOf,
  attributePayload,
  attributeValuesOf,
} from './attribute-fields.tsx';
import { numberOrNull, yearInputProps } from './product-fields.ts';
import { ProductPhotosEditor } from './product-photos-editor.tsx';

interface EditValues extends AttributeValues {
  name: string;
  description: string;
  reserve_price: string;
  year: string;
  accepts_offers: boolean;
  auto_accept_price: string;
  auto_decline_price: string;
}

const toValues = (product: ProductDetail): EditValues => ({
  name: product.name,
  description: product.description,
  reserve_price: String(product.reserve_price),
  year: String(product.year),
  accepts_offers: product.accepts_offers,
  auto_accept_price: product.auto_accept_price === null ? '' : String(product.auto_accept_price),
  auto_decline_price: product.auto_decline_price === null ? '' : String(product.auto_decline_price),
  ...attributeValuesOf(product),
});

/**
 * 'Editar Detalles del Producto': name, description, reserve price, year, condition and (for
 * trading cards) grading, pre-filled, and the photos (saved as each is changed); earlier
 * errors cleared on open; on success the page shows the new values and the modal closes.
 */
export function EditProductModal({
  product,
  open,
  onClose,
}: {
  product: ProductDetail;
  open: boolean;
  onClose: () => void;
}) {
  // Mounted fresh on each opening: pre-filled from the product as it is then, with no earlier
  // errors (and not refilled while open when the product refreshes).
  return open ? <EditProductDialog product={product} onClose={onClose} /> : null;
}

function EditProductDialog({ product, onClose }: { product: ProductDetail; onClose: () => void }) {
  const [values, setValues] = useState<EditValues>(() => toValues(product));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof EditValues, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProduct(product.id);

  const set = (key: keyof EditValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const payload = {
      name: values.name,
      description: values.description,
      reserve_price: numberOrNull(values.reserve_price),
      year: numberOrNull(values.year),
      // Offers are a buy-now product's: the switch and its private automatic prices.
      ...(product.can_be_bought && {
        accepts_offers: values.accepts_offers,
        auto_accept_price: values.accepts_offers ? numberOrNull(values.auto_accept_price) : null,
        auto_decline_price: values.accepts_offers ? numberOrNull(values.auto_decline_price) : null,
      }),
      ...attributePayload(values, gradingApplies(product.category_name)),
    };
    const parsed = UpdateProductInputSchema.safeParse(payload);
    if (!parsed.success) {
      const errors: Partial<Record<keyof EditValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = attributeFieldOf(issue.path) ?? (issue.path[0] as keyof EditValues);
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    try {
      await update.mutateAsync(parsed.data);
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields) setFieldErrors(fields as Partial<Record<keyof EditValues, string>>);
      setError(errorMessage(err, productMessages.updateError));
    }
  }

  return (
    <FormModal
      title="Editar Detalles del Producto"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel="Guardar cambios"
    >
      {error && (
        <Alert kind="error" as="div">
          {error}
        </Alert>
      )}
      <FormField label="Nombre del producto" error={fieldErrors.name}>
        <input className="input" value={values.name} onChange={set('name')} maxLength={150} />
      </FormField>
      <FormField label="Descripcion" error={fieldErrors.description}>
        <textarea
          className="textarea"
          rows={4}
          value={values.description}
          onChange={set('description')}
          maxLength={5000}
        />
      </FormField>
      <MoneyField
        label="Precio de reserva"
        error={fieldErrors.reserve_price}
        value={values.reserve_price}
        onChange={set('reserve_price')}
      />
      <FormField label="Año" error={fieldErrors.year}>
        <input {...yearInputProps} value={values.year} onChange={set('year')} />
      </FormField>
      <AttributeFields
        bind={(field) => ({ value: values[field], onChange: set(field) })}
        errors={fieldErrors}
        showGrading={gradingApplies(product.category_name)}
      />
      {product.can_be_bought && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.accepts_offers}
              onChange={(event) =>
                setValues((current) => ({ ...current, accepts_offers: event.target.checked }))
              }
            />
            {offerMessages.acceptsOffers}
          </label>
          {values.accepts_offers && (
            <>
              <MoneyField
                label={offerMessages.autoAcceptPrice}
                error={fieldErrors.auto_accept_price}
                value={values.auto_accept_price}
                onChange={set('auto_accept_price')}
              />
              <MoneyField
                label={offerMessages.autoDeclinePrice}
                error={fieldErrors.auto_decline_price}
                value={values.auto_decline_price}
                onChange={set('auto_decline_price')}
              />
            </>
          )}
        </>
      )}
      <ProductPhotosEditor product={product} />
    </FormModal>
  );
}
