import { PRODUCT_IMAGE_TYPES, PRODUCT_MAX_IMAGES } from '@app/contracts';
import { type DragEvent, useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import styles from './photos.module.css';

export interface PhotoTile {
  key: string;
  src: string;
}

/**
 * A product's photos as tiles in order, the first marked as the cover, each with buttons to move
 * it, make it the cover and remove it; below them the ways to add more: drag and drop, the file
 * picker (several at once) and, on a phone, the camera. `progress` shows one bar while uploads run.
 */
export function PhotoPicker({
  label,
  tiles,
  onAdd,
  onMove,
  onRemove,
  error,
  disabled,
  progress,
}: {
  label: string;
  tiles: PhotoTile[];
  onAdd: (files: File[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  error?: string;
  disabled?: boolean;
  /** Photos sent of how many, while an upload runs. */
  progress?: { done: number; total: number } | null;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const room = PRODUCT_MAX_IMAGES - tiles.length;
  const full = room <= 0;
  const total = tiles.length;
  const add = (files: FileList | null | undefined) => {
    if (files && files.length > 0) onAdd([...files]);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !full) add(event.dataTransfer.files);
  };
  const zoneClass = [styles.zone, dragging && styles.zoneActive, error && styles.zoneInvalid]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {label}
        <span className="field-required" aria-hidden="true">
          {' '}
          *
        </span>
      </span>
      {total > 0 && (
        <ol className={styles.tiles} aria-labelledby={`${id}-label`}>
          {tiles.map((tile, index) => (
            <li key={tile.key} className={styles.tile}>
              <img src={tile.src} alt={`Foto ${index + 1} de ${total}`} className={styles.tileImage} />
              {index === 0 && <span className={styles.coverMark}>Portada</span>}
              <div className={styles.tileActions}>
                <Button
                  size="sm"
                  disabled={disabled || index === 0}
                  aria-label={`Mover la foto ${index + 1} antes`}
                  onClick={() => onMove(index, index - 1)}
                >
                  ←
                </Button>
                <Button
                  size="sm"
                  disabled={disabled || index === total - 1}
                  aria-label={`Mover la foto ${index + 1} después`}
                  onClick={() => onMove(index, index + 1)}
                >
                  →
                </Button>
                {index > 0 && (
                  <Button size="sm" disabled={disabled} onClick={() => onMove(index, 0)}>
                    <span aria-hidden="true">Portada</span>
                    <span className="sr-only">{`Usar la foto ${index + 1} como portada`}</span>
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger"
                  disabled={disabled}
                  aria-label={`Quitar la foto ${index + 1}`}
                  onClick={() => onRemove(index)}
                >
                  Quitar
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {/* The zone is only a drop target; the labelled inputs inside are the keyboard path. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above. */}
      <div
        className={zoneClass}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled && !full) setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
      >
        <p className="muted flush" id={`${id}-hint`}>
          {full
            ? `Ya tienes ${PRODUCT_MAX_IMAGES} fotos, el máximo.`
            : `Arrastra fotos aquí o selecciónalas. Hasta ${PRODUCT_MAX_IMAGES} fotos (te quedan ${room}); la primera es la portada. JPEG, PNG, WebP o GIF, máximo 5 MB cada una.`}
        </p>
        <div className="row">
          <label htmlFor={`${id}-files`} className={buttonClass({ size: 'sm' })}>
            Seleccionar fotos
          </label>
          <input
            id={`${id}-files`}
            className="sr-only"
            type="file"
            multiple
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            disabled={disabled || full}
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-camera`} className={buttonClass({ size: 'sm' })}>
            Tomar foto
          </label>
          <input
            id={`${id}-camera`}
            className="sr-only"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={disabled || full}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        {progress && (
          <div className={styles.progress}>
            <label
              htmlFor={`${id}-progress`}
            >{`Subiendo fotos: ${progress.done} de ${progress.total}`}</label>
            <progress id={`${id}-progress`} max={progress.total} value={progress.done} />
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
