import { useSearchParams } from 'react-router';
import { SearchPage } from '../../../features/search/components/search-page.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /search?query=: users, products and auctions matching the term (public). */
export function Component() {
  const [params] = useSearchParams();
  const query = params.get('query');
  const term = query?.trim();
  usePageMeta({
    title: term ? `Resultados para: ${term}` : 'Resultados de búsqueda',
    description: 'Busca usuarios, productos y subastas de juguetes de colección.',
  });
  return <SearchPage query={query} />;
}
