import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import './photo-lightbox.css';
import { type GalleryPhoto, photoAlt } from './photo-alt.ts';

/** The lightbox's own texts, in Spanish (its slides are announced as 'Foto 2 de 5'). */
const LABELS = {
  Previous: 'Foto anterior',
  Next: 'Foto siguiente',
  Close: 'Cerrar',
  'Zoom in': 'Acercar',
  'Zoom out': 'Alejar',
  Lightbox: 'Fotos en pantalla completa',
  Carousel: 'carrusel',
  'Photo gallery': 'Fotos del producto',
  Slide: 'foto',
  '{index} of {total}': 'Foto {index} de {total}',
  Loading: 'Cargando',
  Error: 'No se pudo cargar la foto',
};

/**
 * The full-screen view of a product's photos (yet-another-react-lightbox): zoom (pinch, wheel,
 * double tap, the buttons), arrows, swipe, the keyboard (left, right, Escape), the counter
 * 'Foto 2 de 5' (its "Foto" prefix drawn by photo-lightbox.css). The library keeps the focus in
 * the dialog while open and gives it back to what opened it. Loaded only when first opened.
 */
export default function PhotoLightbox({
  name,
  photos,
  index,
  onClose,
  onView,
}: {
  name: string;
  photos: GalleryPhoto[];
  index: number;
  onClose: () => void;
  onView: (index: number) => void;
}) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      on={{ view: ({ index: current }) => onView(current) }}
      slides={photos.map((photo, i) => ({
        src: photo.url,
        width: photo.width,
        height: photo.height,
        alt: photoAlt(name, i, photos.length),
      }))}
      plugins={[Zoom, Counter]}
      counter={{ separator: 'de' }}
      zoom={{ maxZoomPixelRatio: 3 }}
      carousel={{ finite: true }}
      labels={LABELS}
      controller={{ closeOnBackdropClick: true }}
    />
  );
}
