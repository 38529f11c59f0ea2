import { paymentsEndpoints, productMessages } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { useBuyProduct } from '../api/buy-product.ts';

const ADDRESSES_PAGE_NAME = 'Direcciones de envío';

/**
 * The purchase's error. The server's "no default address" refusal names the addresses page:
 * that name is a link to it, so the buyer can add one and come back.
 */
function PurchaseError({ message, needsAddress }: { message: string; needsAddress: boolean }) {
  const at = needsAddress ? message.indexOf(ADDRESSES_PAGE_NAME) : -1;
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}
      <Link to={paths.shippingAddresses.getHref()}>{ADDRESSES_PAGE_NAME}</Link>
      {message.slice(at + ADDRESSES_PAGE_NAME.length)}
    </>
  );
}

/**
 * 'Comprar Ahora': asks for confirmation, asks the server for a payment link (GET
 * /api/bold/buy_product/{id}) and sends the browser there.
 */
export function BuyNowAction({
  productId,
  canBuy,
  redirect = (url) => {
    window.location.href = url;
  },
}: {
  productId: number;
  canBuy: boolean;
  /** Sends the browser to the payment link (replaceable in tests). */
  redirect?: (url: string) => void;
}) {
  const buy = useBuyProduct();
  const [error, setError] = useState<{ message: string; needsAddress: boolean } | null>(null);

  async function onClick() {
    setError(null);
    if (!window.confirm(productMessages.purchaseConfirm)) {
      window.alert(productMessages.purchaseCancelled);
      return;
    }
    try {
      const data = await buy.mutateAsync(productId);
      if (data?.payment_link) redirect(data.payment_link);
      else setError({ message: productMessages.purchaseError, needsAddress: false });
    } catch (err) {
      setError({
        message: errorMessage(err, productMessages.purchaseFailed),
        needsAddress: hasErrorCode(err, paymentsEndpoints.buyProduct, 'DEFAULT_ADDRESS_REQUIRED'),
      });
    }
  }

  if (!canBuy) {
    return (
      <Button block disabled>
        No Disponible para Comprar
      </Button>
    );
  }
  return (
    <div className="stack">
      <Button variant="accent" block onClick={() => void onClick()} busy={buy.isPending}>
        {buy.isPending ? 'Procesando...' : 'Comprar Ahora'}
      </Button>
      {error && (
        <Alert kind="error">
          <PurchaseError {...error} />
        </Alert>
      )}
    </div>
  );
}
