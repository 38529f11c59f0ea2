import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, productMessages } from '@app/contracts';

/** Reads a file as a data URL; rejects with 'Error al procesar la imagen' when the browser cannot. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error(productMessages.imageReadError));
    reader.onerror = () => reject(new Error(productMessages.imageReadError));
    reader.onabort = () => reject(new Error(productMessages.imageReadError));
    reader.readAsDataURL(file);
  });
}

/** The first problem with a picked file, checked before reading it (the server checks the bytes). */
export function checkImageFile(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return productMessages.imageType;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return productMessages.imageTooLarge;
  return null;
}
