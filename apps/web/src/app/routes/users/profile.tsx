import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { BlockedBuyersSettings } from '../../../features/blocked-buyers/components/blocked-buyers-settings.tsx';
import { PreferencesSettings } from '../../../features/preferences/components/preferences-settings.tsx';
import { EMPTY_TOTALS, useUserTotals } from '../../../features/users/api/get-user-totals.ts';
import { useLogout, useLogoutEverywhere } from '../../../features/users/api/logout.ts';
import { AccountSettings } from '../../../features/users/components/account-settings.tsx';
import { ActivityStats } from '../../../features/users/components/activity-stats.tsx';
import { ChangeEmailModal } from '../../../features/users/components/change-email-modal.tsx';
import { ChangePasswordModal } from '../../../features/users/components/change-password-modal.tsx';
import { EditProfileModal } from '../../../features/users/components/edit-profile-modal.tsx';
import { LogoutEverywhereModal } from '../../../features/users/components/logout-everywhere-modal.tsx';
import { PasskeysSettings } from '../../../features/users/components/passkeys-settings.tsx';
import { PersonalDataSettings } from '../../../features/users/components/personal-data-settings.tsx';
import { ProfileCard } from '../../../features/users/components/profile-card.tsx';
import { TwoFactorSettings } from '../../../features/users/components/two-factor-settings.tsx';
import { UnpaidStrikesNotice } from '../../../features/users/components/unpaid-strikes-notice.tsx';
import { VacationSettings } from '../../../features/vacation/components/vacation-settings.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useProfile } from '../../../lib/profile-query.ts';

export const PROFILE_LOAD_FAILED = 'Error al cargar el perfil de usuario';

/** /profile: own profile, activity, settings. */
export function Component() {
  usePageMeta({
    title: 'Mi Perfil',
    description: 'Tu perfil, tu actividad y la configuración de tu cuenta.',
  });
  const profile = useProfile();
  const totals = useUserTotals();
  const navigate = useNavigate();
  const logoutAndForget = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const [dialog, setDialog] = useState<'edit' | 'password' | 'email' | 'logout-everywhere' | null>(null);

  const [loggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    await logoutAndForget();
    navigate(paths.login.getHref(), { replace: true });
  };
  const endEverySession = async () => {
    await logoutEverywhere();
    navigate(paths.login.getHref(), { replace: true });
  };

  if (profile.isPending) return <Spinner label="Cargando perfil..." />;
  if (profile.isError || !profile.data) {
    return (
      <section className="page">
        <h1 className="page-title">Mi Perfil</h1>
        <Alert kind="error">{PROFILE_LOAD_FAILED}</Alert>
        <p>
          <Button onClick={() => void profile.refetch()}>Reintentar</Button>
        </p>
      </section>
    );
  }

  const user = profile.data;
  // A failed or missing totals call just shows zeros: the counters are a side panel.
  const counts = totals.data ?? EMPTY_TOTALS;
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">Mi Perfil</h1>
      </div>
      <UnpaidStrikesNotice strikes={user.unpaid_strikes} wonHref={paths.wonAuctions.getHref()} />
      <ProfileCard profile={user} />
      <ActivityStats
        totalBids={counts.total_bids}
        totalWins={counts.total_wins}
        seller={
          user.is_seller
            ? {
                activeListings: user.activeListings,
                totalSales: user.totalSales,
                salesHref: paths.soldProducts.getHref(),
                paymentsHref: paths.sellerPayments.getHref(),
              }
            : undefined
        }
      />
      <AccountSettings
        onEditProfile={() => setDialog('edit')}
        onChangePassword={() => setDialog('password')}
        onChangeEmail={() => setDialog('email')}
        onLogout={() => void logout()}
        onLogoutEverywhere={() => setDialog('logout-everywhere')}
        loggingOut={loggingOut}
        addressesHref={paths.shippingAddresses.getHref()}
      />
      <TwoFactorSettings enabled={user.two_factor_enabled} />
      <PasskeysSettings twoFactorEnabled={user.two_factor_enabled} />
      {/* Only a seller has products to keep a buyer away from (the server refuses anyone else). */}
      {user.is_seller && <BlockedBuyersSettings />}
      {user.is_seller && <VacationSettings awayUntil={user.away_until} awayMessage={user.away_message} />}
      <PreferencesSettings />
      {/* Deleted: every session ended, token and cache already forgotten. */}
      <PersonalDataSettings onDeleted={() => navigate(paths.login.getHref(), { replace: true })} />
      <EditProfileModal open={dialog === 'edit'} onClose={() => setDialog(null)} />
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <ChangeEmailModal
        open={dialog === 'email'}
        onClose={() => setDialog(null)}
        currentEmail={user.email}
        askCode={user.two_factor_enabled}
      />
      <LogoutEverywhereModal
        open={dialog === 'logout-everywhere'}
        onClose={() => setDialog(null)}
        onConfirm={endEverySession}
      />
    </section>
  );
}
