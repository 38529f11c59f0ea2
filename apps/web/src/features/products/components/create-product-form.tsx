import { type Category, gradingApplies, productMessages } from '@app/contracts';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../api/get-categories.ts';
import { AttributeFields } from './attribute-fields.tsx';
import { CreatePhotos } from './create-photos.tsx';
import { type CreateProductValues, emptyValues, makeResolver } from './create-product-values.ts';
import { ProductCatalogFields } from './product-catalog-fields.tsx';
import styles from './product-form.module.css';
import { ProductSaleFields } from './product-sale-fields.tsx';
import { useCreateProductSubmit } from './use-create-product-submit.ts';

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
  const resolver = useMemo(() => makeResolver(categories), [categories]);
  const form = useForm<CreateProductValues>({ defaultValues: emptyValues, resolver, mode: 'onSubmit' });
  const {
    register,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  const { onSubmit, formError, created, progress, pending, busy } = useCreateProductSubmit(form, categories);
  // The photos have no text input of their own: the picker sets them.
  useEffect(() => {
    register('images');
  }, [register]);

  const categoryId = watch('category_id');
  const images = watch('images');
  const category = categories.find((c) => String(c.id) === categoryId);

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
          <ProductCatalogFields form={form} categories={categories} category={category} />
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
          <ProductSaleFields form={form} />
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
          {pending ? 'Creando...' : 'Crear Producto'}
        </Button>
      </div>
    </form>
  );
}
