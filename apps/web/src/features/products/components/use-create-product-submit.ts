import { type Category, productMessages } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { addProductImage } from '../api/product-photos.ts';
import { photosForCreate } from '../lib/photo-files.ts';
import {
  type CreateProductValues,
  formFieldOf,
  gradingAllowedFor,
  isFormField,
  toCreatePayload,
} from './create-product-values.ts';

/** How long the success message stays before going to /products. */
const CREATED_REDIRECT_MS = 3000;

/**
 * Sends the create form: the product with as many photos as fit, then the rest one by one (one
 * progress bar counts them all), then /products after the success message. A refusal puts each
 * field's message under its input and what names no field of the form on top.
 */
export function useCreateProductSubmit(form: UseFormReturn<CreateProductValues>, categories: Category[]) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [formError, setFormError] = useState<string[]>([]);
  const [created, setCreated] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { handleSubmit, setError } = form;

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

  return {
    onSubmit,
    formError,
    created,
    progress,
    pending: create.isPending,
    busy: create.isPending || created || progress !== null,
  };
}
