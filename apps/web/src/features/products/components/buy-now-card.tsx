import type { PublicProduct } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AttributeBadges } from '../../../components/ui/attribute-badges.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { paths } from '../../../config/paths.ts';
import { brandLabel, priceLabel } from '../lib/product-labels.ts';
import styles from './product-cards.module.css';

export type WatchSlot = (product: { id: number; name: string }) => ReactNode;

/** A buy-now product card: image, name, year, brand or 'Sin marca', price; opens /products/buy/{id}. */
function BuyNowCard({
  product,
  headingLevel = 3,
  renderWatch,
}: {
  product: PublicProduct;
  headingLevel?: 2 | 3;
  /** The route's heart toggle (Favoritos), drawn above the card's link. */
  renderWatch?: WatchSlot;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card ${styles.productCard}`}>
      {renderWatch ? <div className={styles.watchSlot}>{renderWatch(product)}</div> : null}
      <SafeImage
        src={product.thumbnail ?? product.image ?? undefined}
        alt={product.name}
        className="card-image"
      />
      <Heading className={styles.cardTitle}>
        <Link to={paths.buyProduct.getHref(product.id)} className={styles.stretchedLink}>
          {product.name}
        </Link>
      </Heading>
      <p className={styles.cardMeta}>
        {product.year} · {brandLabel(product.brand_name)}
      </p>
      <AttributeBadges condition={product.condition} grading={product.grading} />
      <p className={styles.price}>{priceLabel(product.sell_price)}</p>
    </article>
  );
}

/** A list of buy-now cards. */
export function BuyNowGrid({
  products,
  label,
  renderWatch,
}: {
  products: PublicProduct[];
  label: string;
  renderWatch?: WatchSlot;
}) {
  return (
    <ul className={`grid ${styles.cardList}`} aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <BuyNowCard product={product} renderWatch={renderWatch} />
        </li>
      ))}
    </ul>
  );
}
