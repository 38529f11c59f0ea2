import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSellerCheck } from '../../../features/products/api/check-seller.ts';
import { BecomeSeller } from '../../../features/products/components/become-seller.tsx';
import { SellerProductsView } from '../../../features/products/components/seller-products-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/** /products: public; sellers get their products, everyone else the become-a-seller message. */
export function Component() {
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
  return seller.data ? <SellerProductsView /> : <BecomeSeller />;
}
