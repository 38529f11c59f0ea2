import { productMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { MakeOffer } from '../../../features/offers/components/make-offer.tsx';
import { productBuyQuery } from '../../../features/products/api/get-product-buy.ts';
import { BUY_PAGE_TITLE, BuyProductView } from '../../../features/products/components/buy-product-view.tsx';
import { QuestionsSection } from '../../../features/questions/components/questions-section.tsx';
import { ReportButton } from '../../../features/reports/components/report-button.tsx';
import { SoldPrices } from '../../../features/sold-prices/components/sold-prices.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';
import { QuestionReportButton } from '../../compose/question-report-button.tsx';

/** /products/buy/{id} (login required); a new id (a similar product) loads a new page. */
export function Component() {
  const { id } = useParams();
  const productId = pathId(id);
  // The page's own query (no second request), narrowed to whose product it is.
  const ownerId = useQuery({
    ...productBuyQuery(productId ?? 0),
    enabled: productId !== null,
    select: (product) => product.owner.id,
  }).data;
  // An address that cannot name a product loads nothing: its load error at once.
  if (productId === null) {
    return <PageLoadError title={BUY_PAGE_TITLE} message={productMessages.buyLoadError} />;
  }
  return (
    <>
      <BuyProductView
        key={productId}
        id={productId}
        renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
        renderReport={(p) => (
          <ReportButton targetType="product" targetId={p.id} targetName={p.name} ownerId={p.ownerId} />
        )}
        renderSoldPrices={(pid) => <SoldPrices productId={pid} />}
        renderOffer={(p) => <MakeOffer key={p.id} productId={p.id} sellPrice={p.sellPrice} />}
      />
      <QuestionsSection
        key={`questions-${productId}`}
        productId={productId}
        ownerId={ownerId}
        renderReport={(question) => <QuestionReportButton question={question} />}
      />
    </>
  );
}
