import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { CreateAuctionForm } from '../../../features/auctions/components/create-auction-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /auctions/create?products=1,2,3: without products it goes back to /products. */
export function Component() {
  usePageMeta({ title: 'Crear nueva subasta' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('products') ?? '';
  const ids = useMemo(
    () => [
      ...new Set(
        raw
          .split(',')
          .map((v) => Number(v.trim()))
          .filter((n) => Number.isInteger(n) && n > 0),
      ),
    ],
    [raw],
  );

  useEffect(() => {
    if (ids.length === 0) navigate(paths.products.getHref(), { replace: true });
  }, [ids.length, navigate]);
  if (ids.length === 0) return null;

  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">Crear nueva subasta</h1>
        <Button onClick={() => navigate(paths.products.getHref())}>← Volver</Button>
      </header>
      <CreateAuctionForm productIds={ids} />
    </section>
  );
}
