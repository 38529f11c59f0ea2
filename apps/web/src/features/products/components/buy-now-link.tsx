import { LinkButton } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useProductBuy } from '../api/get-product-buy.ts';

/**
 * A link to the product's buy-now page when it can be bought directly; nothing otherwise (nor
 * while it is asked, nor when it cannot be read). For pages that cannot show the product, such
 * as its auction page when it is in no auction.
 */
export function BuyNowLink({ productId }: { productId: number }) {
  const query = useProductBuy(productId);
  if (!query.data?.can_be_bought) return null;
  return (
    <p className="flush">
      <LinkButton variant="primary" to={paths.buyProduct.getHref(productId)}>
        Ver en compra directa
      </LinkButton>
    </p>
  );
}
