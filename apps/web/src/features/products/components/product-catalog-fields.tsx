import { type Category, requiresScale } from '@app/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useBrands } from '../api/get-brands.ts';
import { useScales } from '../api/get-scales.ts';
import type { CreateProductValues } from './create-product-values.ts';
import { yearInputProps } from './product-fields.ts';
import styles from './product-form.module.css';

type Props = {
  form: UseFormReturn<CreateProductValues>;
  categories: Category[];
  /** The chosen category: its brands are offered, and a scale when it takes one. */
  category: Category | undefined;
};

/** What the product is: name, year, tags, description, category, brand and scale. */
export function ProductCatalogFields({ form, categories, category }: Props) {
  const {
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const needsScale = requiresScale(category?.name);
  const brands = useBrands(category ? category.id : null);
  const scales = useScales();
  return (
    <>
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
    </>
  );
}
