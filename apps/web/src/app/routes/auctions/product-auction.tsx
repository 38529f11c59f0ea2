import { auctionMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { auctionProductQuery } from '../../../features/auctions/api/get-auction-product.ts';
import {
  PRODUCT_AUCTION_TITLE,
  ProductAuctionView,
} from '../../../features/auctions/components/product-auction-view.tsx';
import { BuyNowLink } from '../../../features/products/components/buy-now-link.tsx';
import { QuestionsSection } from '../../../features/questions/components/questions-section.tsx';
import { ReportButton } from '../../../features/reports/components/report-button.tsx';
import { SoldPrices } from '../../../features/sold-prices/components/sold-prices.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';
import { QuestionReportButton } from '../../compose/question-report-button.tsx';

/** /auctions/product/{id} (ProductAuction): live bidding on one product. */
export function Component() {
  const { id } = useParams();
  // The page's own query (no second request), narrowed so live bids do not re-render the route.
  const ownerId = useQuery({
    ...auctionProductQuery(id ?? ''),
    enabled: Boolean(id) && pathId(id) !== null,
    select: (page) => page.owner.id,
  }).data;
  if (!id) {
    return <PageLoadError title={PRODUCT_AUCTION_TITLE} message="ID de subasta no proporcionado" />;
  }
  // An address that cannot name a product: the page's own load error, not the server's.
  if (pathId(id) === null) {
    return <PageLoadError title={PRODUCT_AUCTION_TITLE} message={auctionMessages.productPageError} />;
  }
  return (
    <section className="page">
      <ProductAuctionView
        key={id}
        productId={id}
        renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
        renderNotInAuction={(productId) => <BuyNowLink productId={productId} />}
        renderReport={(p) => (
          <ReportButton targetType="product" targetId={p.id} targetName={p.name} ownerId={p.ownerId} />
        )}
        renderSoldPrices={(pid) => <SoldPrices productId={pid} />}
      />
      <QuestionsSection
        key={`questions-${id}`}
        productId={Number(id)}
        ownerId={ownerId}
        renderReport={(question) => <QuestionReportButton question={question} />}
      />
    </section>
  );
}
