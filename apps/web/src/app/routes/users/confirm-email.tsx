import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EmailConfirmation } from '../../../features/users/components/email-confirmation.tsx';
import { authStorage } from '../../../lib/auth-storage.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AuthCard } from '../auth/auth-card.tsx';

/** /confirmar-correo/{token}: the link sent to the new address; one press moves the account to it. */
export function Component() {
  usePageMeta({ title: 'Confirmar tu nuevo correo', description: 'Confirma el nuevo correo de tu cuenta.' });
  const { token = '' } = useParams();
  const loggedIn = authStorage.getToken() !== null;
  return (
    <AuthCard title="Confirmar tu nuevo correo">
      <EmailConfirmation
        key={token}
        token={token}
        nextHref={loggedIn ? paths.profile.getHref() : paths.login.getHref()}
        nextLabel={loggedIn ? 'Ir a mi perfil' : 'Iniciar Sesión'}
      />
    </AuthCard>
  );
}
