import type { SearchAuction, SearchProduct, SearchUser } from '@app/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { TimeLeft } from '../../../components/ui/time-left.tsx';
import { paths } from '../../../config/paths.ts';
import { formatSearchPrice, searchTimeLeft } from '../lib/format.ts';
import styles from './search.module.css';

/** A user found: avatar, username and bio; opens the public profile. */
export function UserResult({ user }: { user: SearchUser }) {
  return (
    <Link
      to={paths.publicProfile.getHref(user.username)}
      className={`card ${styles.cardLink} ${styles.userCard}`}
    >
      <SafeImage
        src={user.avatar ?? undefined}
        fallback={PLACEHOLDER_AVATAR}
        alt=""
        className={styles.avatar}
      />
      <div className={styles.cardBody}>
        <h2 className={styles.title}>{user.username}</h2>
        {user.bio ? <p className={styles.clamp}>{user.bio}</p> : null}
      </div>
    </Link>
  );
}

/** A product found: image, name, category, description and price; opens its auction page. */
export function ProductResult({ product }: { product: SearchProduct }) {
  const buyable = product.can_be_bought && product.sell_price !== null;
  return (
    <Link to={paths.productAuction.getHref(product.id)} className={`card ${styles.cardLink}`}>
      <SafeImage src={product.image ?? undefined} alt={product.name} className="card-image" />
      <div className={styles.cardBody}>
        <h2 className={styles.title}>{product.name}</h2>
        <div className={styles.badges}>
          <Badge tone="info">{product.category}</Badge>
          {product.auction_id !== null ? <Badge tone="live">En subasta</Badge> : null}
          {buyable ? <Badge tone="success">Compra directa</Badge> : null}
        </div>
        {product.description ? <p className={styles.clamp}>{product.description}</p> : null}
        {buyable ? (
          <p className={styles.price}>
            <span className="sr-only">Precio: </span>
            {formatSearchPrice(product.sell_price!)}
          </p>
        ) : null}
      </div>
    </Link>
  );
}

/** An auction found: first product image, title, owner, minimum bid and time left. */
export function AuctionResult({ auction, now }: { auction: SearchAuction; now: number }) {
  const image = auction.products[0]?.image ?? undefined;
  return (
    <Link to={paths.auctionProducts.getHref(auction.id)} className={`card ${styles.cardLink}`}>
      <SafeImage src={image} alt={`Subasta ${auction.title}`} className="card-image" />
      <div className={styles.cardBody}>
        <h2 className={styles.title}>{auction.title}</h2>
        {auction.is_flash ? (
          <div className={styles.badges}>
            <Badge tone="accent">Flash</Badge>
          </div>
        ) : null}
        <div className={styles.owner}>
          <SafeImage
            src={auction.owner.avatar ?? undefined}
            fallback={PLACEHOLDER_AVATAR}
            alt=""
            className={styles.ownerAvatar}
          />
          <span className={styles.ownerName}>
            <span className="sr-only">Vendedor: </span>
            {auction.owner.username}
          </span>
        </div>
        <div className={styles.footer}>
          {auction.min_offer > 0 ? (
            <span className={styles.meta}>Puja mínima: {formatSearchPrice(auction.min_offer)}</span>
          ) : (
            <span />
          )}
          <TimeLeft as="span" className={styles.timeLeft}>
            {searchTimeLeft(auction.end_time, now)}
          </TimeLeft>
        </div>
      </div>
    </Link>
  );
}
