import type { ReactNode } from 'react';
import type { GalleryPhoto } from '../../../components/gallery/photo-alt.ts';
import { ProductGallery } from '../../../components/gallery/product-gallery.tsx';
import styles from './product-detail.module.css';

/**
 * The top of a product page: the photo gallery (its cover the page's largest paint, so not lazy)
 * beside the title and whatever the page shows under it.
 */
export function ProductHero({
  titleId,
  name,
  image,
  photos,
  children,
}: {
  titleId: string;
  name: string;
  image: string | null | undefined;
  photos?: GalleryPhoto[];
  children: ReactNode;
}) {
  return (
    <div className={styles.detailLayout}>
      <ProductGallery name={name} cover={image} photos={photos} imageClassName={styles.detailImage} />
      <div className={styles.detailInfo}>
        <h1 id={titleId} className={styles.detailTitle}>
          {name}
        </h1>
        {children}
      </div>
    </div>
  );
}
