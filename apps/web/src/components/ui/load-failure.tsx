import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** What did not load, and a button under it that asks again. */
export function LoadFailure({
  message,
  onRetry,
  size,
  retryLabel = 'Reintentar',
}: {
  message: string;
  onRetry: () => void;
  size?: 'md' | 'sm';
  retryLabel?: string;
}) {
  return (
    <div className="stack">
      <Alert kind="error">{message}</Alert>
      <Button size={size} className="self-start" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
