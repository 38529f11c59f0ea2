import { twoFactorMessages } from '@app/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';

const HOW_TO =
  'En Mi Perfil, activa «Verificación en dos pasos» con una aplicación de autenticación, o agrega una llave de acceso en «Llaves de acceso».';

/**
 * An operator without a second factor. In production the server refuses the console (`alone`: the
 * page shows only how to turn one on); elsewhere it is a warning above the tabs.
 */
export function SecondFactorNotice({ alone, profileHref }: { alone: boolean; profileHref: string }) {
  const titleId = useId();
  if (!alone) {
    return (
      <Alert kind="info" as="div" role="note">
        <p className="flush">
          <strong>Tu cuenta de operador no tiene un segundo factor.</strong> En producción la administración
          exige la verificación en dos pasos o una llave de acceso. {HOW_TO}
        </p>
      </Alert>
    );
  }
  return (
    <section className="page" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        Activa un segundo factor para usar la administración
      </h1>
      <Alert kind="info" as="div" role="note">
        <p className="flush">{twoFactorMessages.operatorNeedsSecondFactor}</p>
        <p className="flush">{HOW_TO}</p>
      </Alert>
      <p className="flush">
        <LinkButton to={profileHref} variant="primary">
          Ir a Mi Perfil
        </LinkButton>
      </p>
    </section>
  );
}
