import { PRODUCT_MAX_IMAGES, type ProductDetail, productMessages } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { putSavedProduct } from '../api/get-product.ts';
import { addProductImage, removeProductImage, reorderProductImages } from '../api/product-photos.ts';
import { moved } from '../lib/photo-files.ts';
import { readPhotos } from './create-photos.tsx';
import { PhotoPicker } from './photo-picker.tsx';

/**
 * The edit modal's photos: each change is saved at once (added, removed, moved, a new cover) and
 * the page behind shows it; the modal's other fields are kept whatever happens here.
 */
export function ProductPhotosEditor({ product }: { product: ProductDetail }) {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState(product.images);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const saved = (answer: { product: ProductDetail }) => {
    setPhotos(answer.product.images);
    putSavedProduct(queryClient, product.id, answer.product);
  };
  async function run(action: () => Promise<void>) {
    setError(undefined);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, productMessages.updateError));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <PhotoPicker
      label="Fotos del producto"
      tiles={photos.map((photo) => ({ key: photo.id, src: photo.thumb_url }))}
      disabled={busy}
      error={error}
      progress={progress}
      onAdd={(files) =>
        run(async () => {
          const read = await readPhotos(files, PRODUCT_MAX_IMAGES - photos.length, setError);
          for (const [index, image] of read.entries()) {
            setProgress({ done: index, total: read.length });
            saved(await addProductImage(product.id, image));
          }
        })
      }
      onMove={(from, to) =>
        run(async () => {
          const order = moved(photos, from, to);
          setPhotos(order);
          try {
            saved(
              await reorderProductImages(
                product.id,
                order.map((p) => p.id),
              ),
            );
          } catch (err) {
            setPhotos(photos);
            throw err;
          }
        })
      }
      onRemove={(index) =>
        run(async () => {
          if (photos.length === 1) throw new Error(productMessages.imagesAtLeastOne);
          saved(await removeProductImage(product.id, photos[index]!.id));
        })
      }
    />
  );
}
