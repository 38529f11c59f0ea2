import { adminMessages } from '@app/contracts';
import { useId } from 'react';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSecondFactorRefusal } from '../../../features/admin/api/admin-access.ts';
import { AdminConsole } from '../../../features/admin/components/admin-console.tsx';
import { SecondFactorNotice } from '../../../features/admin/components/second-factor-notice.tsx';
import { usePasskeys } from '../../../features/users/api/two-factor.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useProfile } from '../../../lib/profile-query.ts';

const PROFILE_LOAD_FAILED = 'No se pudo comprobar tu cuenta. Por favor, intenta nuevamente.';
const NO_PERMISSION = 'No tienes permiso para ver esta página';

/** What a logged-in person who is not an operator sees at /admin. */
function NoPermission() {
  const titleId = useId();
  return (
    <section className="page" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {NO_PERMISSION}
      </h1>
      <Alert kind="info" as="div" role="note">
        <p className="flush">
          La administración de Coleccionables es solo para los operadores del sitio. Si crees que deberías
          tener acceso, escríbele al equipo de Coleccionables.
        </p>
      </Alert>
      <p className="flush">
        <LinkButton to={paths.home.getHref()} variant="primary">
          Volver al inicio
        </LinkButton>
      </p>
    </section>
  );
}

/**
 * /admin (login required by the router): the operator console, for operators only. The server
 * refuses every console call to anyone else; the page says so instead of showing empty tabs.
 */
export function Component() {
  const profile = useProfile();
  const denied = profile.data?.is_operator === false;
  const operator = profile.data?.is_operator === true;
  const passkeys = usePasskeys(operator && profile.data?.two_factor_enabled === false);
  const withoutSecondFactor =
    operator && profile.data?.two_factor_enabled === false && passkeys.data?.length === 0;
  const refusal = useSecondFactorRefusal(withoutSecondFactor);
  usePageMeta({
    title: denied ? NO_PERMISSION : adminMessages.consoleTitle,
    description: 'Consola de operación de Coleccionables.',
  });
  const checking = withoutSecondFactor && refusal.isPending;
  if (profile.isPending || (operator && passkeys.isLoading) || checking)
    return <Spinner label="Cargando..." />;
  if (profile.isError) {
    return (
      <PageLoadError title={adminMessages.consoleTitle} message={PROFILE_LOAD_FAILED}>
        <p>
          <Button onClick={() => void profile.refetch()}>Reintentar</Button>
        </p>
      </PageLoadError>
    );
  }
  if (denied) return <NoPermission />;
  if (withoutSecondFactor && refusal.data === true) {
    return <SecondFactorNotice alone profileHref={paths.profile.getHref()} />;
  }
  return (
    <>
      {withoutSecondFactor ? (
        <div className="page">
          <SecondFactorNotice alone={false} profileHref={paths.profile.getHref()} />
        </div>
      ) : null}
      <AdminConsole />
    </>
  );
}
