import { useParams } from 'react-router';
import { SellerAuctionsGrid } from '../../../features/auctions/components/seller-auctions-grid.tsx';
import type { ProfileRef } from '../../../features/products/api/get-public-profile.ts';
import { PublicProfileView } from '../../../features/products/components/public-profile-view.tsx';
import { SellerRatings } from '../../../features/ratings/components/seller-ratings.tsx';

/** /public-profile/{username}, /profile/{username} and /seller/{id}: the public seller profile. */
export function Component() {
  const { username, id } = useParams();
  let profileRef: ProfileRef | null = null;
  if (username) profileRef = { username };
  else if (id && /^\d{1,10}$/.test(id)) profileRef = { id: Number(id) };
  return (
    <PublicProfileView
      key={username ?? id}
      profileRef={profileRef}
      renderAuctions={(sellerId) => <SellerAuctionsGrid sellerId={sellerId} />}
      renderRatings={(sellerUsername) => <SellerRatings username={sellerUsername} />}
    />
  );
}
