import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';
import { useSellerCheck } from '../api/check-seller.ts';
import { BecomeSeller } from './become-seller.tsx';

/**
 * A seller's screen: sellers get it, anyone else (a buyer, a visitor) the become-a-seller message
 * instead of tools the server would refuse them only at the end. Every
 * seller-only route wraps its page in it.
 */
export function SellerGate({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const seller = useSellerCheck();
  if (!loggedIn) return <BecomeSeller />;
  if (seller.isPending) return <Spinner label="Cargando..." />;
  if (seller.isError) {
    return (
      <Alert kind="error" as="div">
        {errorMessage(
          seller.error,
          'No se pudo verificar tu cuenta de vendedor. Por favor, intenta nuevamente.',
        )}
      </Alert>
    );
  }
  return seller.data ? children : <BecomeSeller />;
}
