import { LinkButton } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({ title: 'Página no encontrada' });
  return (
    <section className="page">
      <div className="empty-state stack items-center">
        <h1 className="page-title">Página no encontrada</h1>
        <p className="muted flush">La página que buscas no existe o fue movida.</p>
        <div className="row row-center">
          <LinkButton variant="primary" to={paths.home.getHref()}>
            Ir al inicio
          </LinkButton>
          <LinkButton to={paths.auctions.getHref()}>Ver subastas</LinkButton>
        </div>
      </div>
    </section>
  );
}
