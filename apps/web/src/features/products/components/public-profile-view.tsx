import {
  formatLongDate,
  formatNumber,
  type PublicProfile,
  productMessages,
  vacationMessages,
} from '@app/contracts';
import type { ReactNode } from 'react';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { RatingSummary } from '../../../components/ui/rating-summary.tsx';
import { ReputationThermometer } from '../../../components/ui/reputation-thermometer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { type ProfileRef, usePublicProfile } from '../api/get-public-profile.ts';
import { useUserBuyNowProducts } from '../api/get-user-buy-now.ts';
import { BuyNowGrid } from './buy-now-card.tsx';
import detailStyles from './product-detail.module.css';
import styles from './public-profile.module.css';

/** The page's name while it has no profile to name it (its load failed). */
const PROFILE_PAGE_TITLE = 'Perfil del vendedor';

function ProfileHeader({
  profile,
  follow,
  report,
}: {
  profile: PublicProfile;
  follow?: ReactNode;
  report?: ReactNode;
}) {
  return (
    <div className={`card ${styles.profileHeader}`}>
      <SafeImage
        src={profile.avatar ?? undefined}
        fallback={PLACEHOLDER_AVATAR}
        alt={`Avatar de ${profile.username}`}
        className={styles.avatarLarge}
        loading="eager"
      />
      <div className={styles.profileText}>
        <h1 id="profile-title" className={styles.profileName}>
          {profile.username}
        </h1>
        {profile.is_seller && (
          <p className="flush">
            <Badge tone="success">
              <span aria-hidden="true">✔</span> Vendedor Verificado
            </Badge>
          </p>
        )}
        {follow}
        <RatingSummary average={profile.rating_average} count={profile.rating_count} />
        {/* Computed from sales: a buyer's account has none to show. */}
        {profile.is_seller && <ReputationThermometer reputation={profile.reputation} />}
        <p className={`muted ${styles.location}`}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
            />
          </svg>
          <span className="sr-only">Ubicación: </span>
          {profile.address || 'Colombia'}
        </p>
        {profile.away_until && (
          <Alert kind="info" role="note" as="div">
            <p className="flush">
              <strong>{vacationMessages.away(profile.away_until)}</strong>
            </p>
            {profile.away_message && <p className="flush">{profile.away_message}</p>}
          </Alert>
        )}
        <p className="flush">{profile.bio?.trim() ? profile.bio : productMessages.profileNoBio}</p>
        {report}
      </div>
    </div>
  );
}

function ProfileStats({ profile }: { profile: PublicProfile }) {
  const stats: Array<[string, string, boolean?]> = [
    ['Miembro desde', formatLongDate(profile.created_at), true],
    ['Subastas activas', formatNumber(profile.stats.active_auctions)],
    ['Productos vendidos', formatNumber(profile.stats.products_sold)],
    ['Productos publicados', formatNumber(profile.stats.products_listed)],
    ['Subastas ganadas', formatNumber(profile.stats.auctions_won)],
    ['Pujas realizadas', formatNumber(profile.stats.total_bids)],
  ];
  return (
    <ul className={styles.stats} aria-label="Estadísticas del vendedor">
      {stats.map(([label, value, isText]) => (
        <li key={label} className={styles.stat}>
          <span className={isText ? styles.statText : styles.statValue}>{value}</span>
          <span className={styles.statLabel}>{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The seller's direct-buy products; a failed load just shows the empty message. */
function SellerBuyNowProducts({ sellerId }: { sellerId: number }) {
  const query = useUserBuyNowProducts(sellerId);
  if (query.isPending) return <Spinner label="Cargando productos..." />;
  const products = query.data ?? [];
  if (products.length === 0) return <p className="empty-state">{productMessages.profileNoBuyNow}</p>;
  return <BuyNowGrid products={products} label="Productos de compra directa del vendedor" />;
}

export interface PublicProfileViewProps {
  /** By username, or by id (/seller/{id}); null when the address carries neither (a broken link). */
  profileRef: ProfileRef | null;
  /** The seller's active auctions grid (the auctions feature's component, composed by the route). */
  renderAuctions: (sellerId: number) => ReactNode;
  /** Buyers' ratings of the seller (the ratings feature's list, composed by the route). */
  renderRatings: (username: string) => ReactNode;
  /** 'Seguir' and the follower count, from the follows feature. */
  renderFollow?: (seller: { id: number; username: string; followers_count: number }) => ReactNode;
  /** 'Denunciar' for the account, from the reports feature. */
  renderReport?: (user: { id: number; username: string }) => ReactNode;
}

/** Public seller profile: header, stats, active auctions and direct-buy products. */
export function PublicProfileView({
  profileRef,
  renderAuctions,
  renderRatings,
  renderFollow,
  renderReport,
}: PublicProfileViewProps) {
  const query = usePublicProfile(profileRef);
  const profile = query.data;
  usePageMeta(
    profile
      ? {
          title: `${profile.username} | Perfil del vendedor`,
          description:
            profile.bio?.slice(0, 150) || `Subastas y productos de ${profile.username} en Coleccionables.`,
          image: profile.avatar ?? undefined,
        }
      : null,
  );

  if (!profileRef) {
    return <PageLoadError title={PROFILE_PAGE_TITLE} message={productMessages.profileLoadFailed} />;
  }
  if (query.isPending) return <Spinner label="Cargando perfil..." />;
  if (query.isError || !profile) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageLoadError
        title={PROFILE_PAGE_TITLE}
        message={missing ? productMessages.profileNotFound : productMessages.profileLoadError}
      />
    );
  }

  return (
    <section className="page" aria-labelledby="profile-title">
      <ProfileHeader
        profile={profile}
        follow={renderFollow?.({
          id: profile.id,
          username: profile.username,
          followers_count: profile.followers_count,
        })}
        report={renderReport?.({ id: profile.id, username: profile.username })}
      />
      <ProfileStats profile={profile} />
      <section aria-labelledby="profile-auctions-title">
        <h2 id="profile-auctions-title" className={detailStyles.sectionTitle}>
          Subastas activas
        </h2>
        {renderAuctions(profile.id)}
      </section>
      <section aria-labelledby="profile-buy-now-title">
        <h2 id="profile-buy-now-title" className={detailStyles.sectionTitle}>
          Compra directa
        </h2>
        <SellerBuyNowProducts sellerId={profile.id} />
      </section>
      <section aria-labelledby="profile-ratings-title">
        <h2 id="profile-ratings-title" className={detailStyles.sectionTitle}>
          Calificaciones
        </h2>
        {renderRatings(profile.username)}
      </section>
    </section>
  );
}
