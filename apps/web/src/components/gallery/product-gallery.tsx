import { lazy, Suspense, type TouchEvent, useRef, useState } from 'react';
import { SafeImage } from '../ui/image.tsx';
import { type GalleryPhoto, photoAlt, photoCounter } from './photo-alt.ts';
import styles from './product-gallery.module.css';

// The full-screen view and its library load when first opened, never with the page.
const PhotoLightbox = lazy(() => import('./photo-lightbox.tsx'));
const loadLightbox = () => void import('./photo-lightbox.tsx');

/** A horizontal move this long (px) is a swipe to the next or previous photo. */
const SWIPE_PX = 40;

/**
 * A product's photos on its page: the current one large (the cover first: the page's largest
 * paint, so eager, and the very image the server painted before the app), arrows, thumbnails to
 * switch, swipe on phones, left and right keys while the gallery has the focus, and a full-screen
 * view with zoom. Without `photos` (the page's data still loading) only the cover shows.
 */
export function ProductGallery({
  name,
  cover,
  photos = [],
  className,
  imageClassName,
}: {
  name: string;
  cover: string | null | undefined;
  photos?: GalleryPhoto[];
  className?: string;
  imageClassName?: string;
}) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const touchX = useRef<number | null>(null);
  const total = photos.length;
  const current = Math.min(index, Math.max(0, total - 1));
  const photo = photos[current];
  const go = (to: number) => setIndex(Math.max(0, Math.min(total - 1, to)));

  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? current + 1 : current - 1);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys only repeat the buttons inside.
    <div
      className={[styles.gallery, className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (total < 2 || open) return;
        if (event.key === 'ArrowRight') go(current + 1);
        else if (event.key === 'ArrowLeft') go(current - 1);
      }}
    >
      <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <button
          type="button"
          className={styles.open}
          disabled={!photo}
          onClick={() => setOpen(true)}
          onPointerEnter={loadLightbox}
          onFocus={loadLightbox}
          aria-label={
            photo ? `Ampliar ${photoCounter(current, total).toLowerCase()} en pantalla completa` : name
          }
        >
          <SafeImage
            src={photo?.url ?? cover}
            alt={photo ? photoAlt(name, current, total) : name}
            className={imageClassName}
            loading="eager"
          />
        </button>
        {total > 1 && (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              onClick={() => go(current - 1)}
              disabled={current === 0}
              aria-label="Foto anterior"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              onClick={() => go(current + 1)}
              disabled={current === total - 1}
              aria-label="Foto siguiente"
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className={styles.counter} aria-live="polite">
              {photoCounter(current, total)}
            </p>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className={styles.thumbs} aria-label={`Fotos de ${name}`}>
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className={styles.thumb}
                aria-current={i === current ? 'true' : undefined}
                aria-label={`Ver ${photoCounter(i, total).toLowerCase()}`}
                onClick={() => go(i)}
              >
                <img src={p.thumb_url} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Suspense fallback={null}>
          <PhotoLightbox
            name={name}
            photos={photos}
            index={current}
            onView={go}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
