import type { ReactNode } from 'react';
import { SafeImage } from '../../../components/ui/image.tsx';
import styles from './products.module.css';

/**
 * The top of a product page: the large image (the page's largest paint, so not lazy) beside
 * the title and whatever the page shows under it.
 */
export function ProductHero({
  titleId,
  name,
  image,
  children,
}: {
  titleId: string;
  name: string;
  image: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.detailLayout}>
      <SafeImage src={image ?? undefined} alt={name} className={styles.detailImage} loading="eager" />
      <div className={styles.detailInfo}>
        <h1 id={titleId} className={styles.detailTitle}>
          {name}
        </h1>
        {children}
      </div>
    </div>
  );
}
