import {
  gradingApplies,
  type ProductDetail,
  productMessages,
  UpdateProductInputSchema,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { MoneyField } from '../../../components/ui/money-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
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
}

const toValues = (product: ProductDetail): EditValues => ({
  name: product.name,
  description: product.description,
  reserve_price: String(product.reserve_price),
  year: String(product.year),
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
      <ProductPhotosEditor product={product} />
    </FormModal>
  );
}
