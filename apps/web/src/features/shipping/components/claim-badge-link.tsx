import { type ClaimStatus, claimMessages, claimStatusTone } from '@app/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../config/paths.ts';

/** A sale's claim on a purchases or sales row: its state as a badge and 'Ver reclamo'. */
export function ClaimBadgeLink({
  claim,
  productName,
  label,
}: {
  claim: { id: number; status: ClaimStatus };
  /** Names the link for screen readers: several rows each have one. */
  productName: string;
  /** The badge's text (the side's own wording of the state). */
  label: string;
}) {
  return (
    <>
      <Badge tone={claimStatusTone(claim.status)}>{label}</Badge>{' '}
      <Link to={paths.claim.getHref(claim.id)}>
        {claimMessages.viewClaim}
        <span className="sr-only"> por {productName}</span>
      </Link>
    </>
  );
}
