import { PRODUCT_MAX_IMAGES, productMessages } from '@app/contracts';
import { useRef } from 'react';
import { moved, preparePhoto } from '../lib/photo-files.ts';
import { checkImageFile, readAsDataUrl } from './image-file.ts';
import { PhotoPicker } from './photo-picker.tsx';

/** Reads picked files as data URLs ready to send, at most `room` of them; the first problem is reported. */
export async function readPhotos(
  files: File[],
  room: number,
  onPickError: (message: string) => void,
): Promise<string[]> {
  if (files.length > room) onPickError(productMessages.imagesTooMany);
  const read: string[] = [];
  for (const file of files.slice(0, Math.max(0, room))) {
    const problem = checkImageFile(file);
    if (problem) {
      onPickError(problem);
      continue;
    }
    try {
      read.push(await readAsDataUrl(await preparePhoto(file)));
    } catch {
      onPickError(productMessages.imageReadError);
    }
  }
  return read;
}

/** The create form's photos: chosen, ordered and removed here, sent with the product. */
export function CreatePhotos({
  images,
  onChange,
  onPickError,
  error,
  disabled,
  progress,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  onPickError: (message: string) => void;
  error?: string;
  disabled?: boolean;
  progress: { done: number; total: number } | null;
}) {
  // Keys that follow each photo through moves (two copies of one file are two photos).
  const keys = useRef<string[]>([]);
  const next = useRef(0);
  while (keys.current.length < images.length) keys.current.push(`photo-${next.current++}`);
  keys.current.length = images.length;
  const latest = useRef(images);
  latest.current = images;

  const update = (images: string[], nextKeys: string[]) => {
    keys.current = nextKeys;
    onChange(images);
  };

  return (
    <PhotoPicker
      label="Fotos del producto"
      tiles={images.map((src, index) => ({ key: keys.current[index]!, src }))}
      disabled={disabled}
      error={error}
      progress={progress}
      onAdd={async (files) => {
        const read = await readPhotos(files, PRODUCT_MAX_IMAGES - latest.current.length, onPickError);
        if (read.length === 0) return;
        const current = latest.current;
        const added = read.map(() => `photo-${next.current++}`);
        update([...current, ...read], [...keys.current.slice(0, current.length), ...added]);
      }}
      onMove={(from, to) => update(moved(images, from, to), moved(keys.current, from, to))}
      onRemove={(index) =>
        update(
          images.filter((_, i) => i !== index),
          keys.current.filter((_, i) => i !== index),
        )
      }
    />
  );
}
