import { landingPageTexts } from '@app/contracts';
import { ExplorePage } from '../../../features/explore/components/explore-page.tsx';
import { SaveSearchButton } from '../../../features/saved-searches/components/save-search-button.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /explorar (public): browse what can be bought now by filters, with the view in the address. */
export function Component() {
  usePageMeta(landingPageTexts['/explorar']);
  return <ExplorePage saveSlot={(state, names) => <SaveSearchButton view={state} names={names} />} />;
}
