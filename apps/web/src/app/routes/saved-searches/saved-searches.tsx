import { savedSearchMessages } from '@app/contracts';
import { SavedSearchesView } from '../../../features/saved-searches/components/saved-searches-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /busquedas ('Búsquedas guardadas'): the user's saved Explorar views. */
export function Component() {
  usePageMeta({
    title: savedSearchMessages.title,
    description: 'Tus búsquedas guardadas de Explorar y sus nuevos resultados.',
  });
  return (
    <section className="page">
      <h1 className="page-title">{savedSearchMessages.title}</h1>
      <SavedSearchesView />
    </section>
  );
}
