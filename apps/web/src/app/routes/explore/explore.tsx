import { ExplorePage } from '../../../features/explore/components/explore-page.tsx';
import { SaveSearchButton } from '../../../features/saved-searches/components/save-search-button.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /explorar (public): browse what can be bought now by filters, with the view in the address. */
export function Component() {
  usePageMeta({
    title: 'Explorar',
    description:
      'Explora subastas en vivo y productos de compra directa por categoría, marca, escala, estado y precio.',
  });
  return <ExplorePage saveSlot={(state, names) => <SaveSearchButton view={state} names={names} />} />;
}
