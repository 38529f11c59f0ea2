import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, productMessages } from '@app/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import styles from './product-form.module.css';

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

export interface ImagePickerProps {
  /** The chosen image as a data URL ('' when none). */
  value: string;
  onChange: (dataUrl: string) => void;
  /** A problem found while picking or reading (shown with `error`). */
  onPickError: (message: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The product image: drag and drop onto the zone or pick with the (real, labelled) file input;
 * shows a preview of the chosen picture.
 */
export function ImagePicker({ value, onChange, onPickError, error, disabled }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState('');

  async function take(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      onPickError(problem);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setFileName(file.name);
      onChange(dataUrl);
    } catch {
      onPickError(productMessages.imageReadError);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    void take(event.dataTransfer.files[0]);
  };

  const zoneClass = [styles.dropZone, dragging && styles.dropZoneActive, error && styles.dropZoneInvalid]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field">
      <span className="field-label" id={`${inputId}-label`}>
        Imagen del producto
        <span className="field-required" aria-hidden="true">
          {' '}
          *
        </span>
      </span>
      {/* The zone is only a drop target; the file input inside is the keyboard and screen reader path. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above. */}
      <div
        className={zoneClass}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
      >
        {value ? (
          <img src={value} alt="Vista previa de la imagen del producto" className={styles.preview} />
        ) : (
          <p className="muted" id={hintId}>
            Arrastra una imagen aquí o selecciónala desde tu dispositivo. JPEG, PNG, WebP o GIF, máximo 5 MB.
          </p>
        )}
        <label htmlFor={inputId} className={buttonClass({ size: 'sm' })}>
          {value ? 'Cambiar imagen' : 'Seleccionar imagen'}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={`sr-only ${styles.fileInput}`}
          type="file"
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          disabled={disabled}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={
            [value ? undefined : hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
          }
          aria-invalid={error ? true : undefined}
          required
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
          onFocus={(event) => event.currentTarget.parentElement?.classList.add(styles.dropZoneActive!)}
          onBlur={(event) => event.currentTarget.parentElement?.classList.remove(styles.dropZoneActive!)}
        />
        {value && (
          <div className="row">
            {fileName && <span className="muted">{fileName}</span>}
            <Button
              size="sm"
              disabled={disabled}
              onClick={() => {
                setFileName('');
                onChange('');
                inputRef.current?.focus();
              }}
            >
              Quitar imagen
            </Button>
          </div>
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
