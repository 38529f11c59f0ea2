import {
  type BrowseView,
  type BrowseViewNames,
  defaultSavedSearchName,
  savedSearchMessages as m,
  SAVED_SEARCH_NAME_MAX,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';
import { useCreateSavedSearch } from '../api/saved-searches.ts';

/**
 * The name's check (zod, with the browse filters' schemas) loads when the dialog opens, not with
 * Explorar: built when imported, it was most of the page's longest task on a phone.
 */
const loadNameCheck = () => import('../lib/saved-search-name.ts');

/** The view's filters as the save call takes them (a blank term left out). */
function filtersOf(view: BrowseView) {
  const { q, ...rest } = view;
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries({ ...rest, q: q?.trim() || undefined }))
    if (value !== undefined && value !== null) filters[name] = value;
  return filters;
}

/**
 * 'Guardar búsqueda' on Explorar: asks a name (proposed from the term or the filters) and saves
 * the view. Without a session it goes to the login and comes back to this view.
 */
export function SaveSearchButton({ view, names }: { view: BrowseView; names: BrowseViewNames }) {
  const loggedIn = useIsLoggedIn();
  const toast = useToast();
  const create = useCreateSavedSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  // Without a session it is a link to the login (it works before the app's code runs, as the
  // server renders it); the app keeps this view as where to come back to.
  if (!loggedIn)
    return (
      <LinkButton
        to={paths.login.getHref()}
        onClick={() => authStorage.setRedirect(window.location.pathname + window.location.search)}
      >
        {m.save}
      </LinkButton>
    );

  const start = () => {
    setName(defaultSavedSearchName(view, names));
    setFieldError(undefined);
    create.reset();
    setOpen(true);
    void loadNameCheck();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { checkSavedSearchName } = await loadNameCheck();
    const checked = checkSavedSearchName(name);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? m.nameRequired);
      return;
    }
    create.mutate(
      { name: checked.data, filters: filtersOf(view) },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(m.saved);
        },
      },
    );
  };

  return (
    <>
      <Button aria-haspopup="dialog" onClick={start}>
        {m.save}
      </Button>
      <FormModal
        open={open}
        title={m.save}
        onClose={() => setOpen(false)}
        onSubmit={submit}
        pending={create.isPending}
        submitLabel="Guardar"
        formClassName="stack"
      >
        <p className="muted">
          Te avisaremos cuando aparezcan productos nuevos con estos filtros. Tus búsquedas están en{' '}
          <Link to={paths.savedSearches.getHref()}>{m.title}</Link>.
        </p>
        <FormField label="Nombre de la búsqueda" error={fieldError} required>
          <input
            className="input"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setFieldError(undefined);
            }}
          />
        </FormField>
        {create.isError ? <Alert kind="error">{errorMessage(create.error, m.saveError)}</Alert> : null}
      </FormModal>
    </>
  );
}
