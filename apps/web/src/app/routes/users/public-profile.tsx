import { useParams } from 'react-router';
import { SellerAuctionsGrid } from '../../../features/auctions/components/seller-auctions-grid.tsx';
import { FollowButton } from '../../../features/follows/components/follow-button.tsx';
import type { ProfileRef } from '../../../features/products/api/get-public-profile.ts';
import { PublicProfileView } from '../../../features/products/components/public-profile-view.tsx';
import { SellerRatings } from '../../../features/ratings/components/seller-ratings.tsx';
import { ReportButton } from '../../../features/reports/components/report-button.tsx';
import { pathId } from '../../../lib/path-id.ts';

/** /public-profile/{username}, /profile/{username} and /seller/{id}: the public seller profile. */
export function Component() {
  const { username, id } = useParams();
  const sellerId = pathId(id);
  let profileRef: ProfileRef | null = null;
  if (username) profileRef = { username };
  else if (sellerId !== null) profileRef = { id: sellerId };
  return (
    <PublicProfileView
      key={username ?? id}
      profileRef={profileRef}
      renderAuctions={(sellerId) => <SellerAuctionsGrid sellerId={sellerId} />}
      renderRatings={(sellerUsername) => <SellerRatings username={sellerUsername} />}
      renderFollow={(seller) => <FollowButton seller={seller} />}
      renderReport={(user) => (
        <ReportButton targetType="user" targetId={user.id} targetName={user.username} ownerId={user.id} />
      )}
    />
  );
}
