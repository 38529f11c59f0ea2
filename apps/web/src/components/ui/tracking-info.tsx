import { type Tracking, trackingMessages } from '@app/contracts';

/**
 * A shipment's carrier and tracking number, with a link to the carrier's own tracking page when
 * it has one (it opens outside Coleccionables, in a new tab).
 */
export function TrackingInfo({ tracking, className }: { tracking: Tracking | null; className?: string }) {
  if (!tracking) return null;
  return (
    <span className={className}>
      <span>{tracking.carrier_label}</span>
      {tracking.tracking_number ? (
        <>
          {' · '}
          <span>
            <span className="sr-only">{trackingMessages.trackingNumber}: </span>
            <code>{tracking.tracking_number}</code>
          </span>
        </>
      ) : null}
      {tracking.tracking_url ? (
        <>
          {' · '}
          <a href={tracking.tracking_url} target="_blank" rel="noopener noreferrer">
            {trackingMessages.trackLink}
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        </>
      ) : null}
    </span>
  );
}
