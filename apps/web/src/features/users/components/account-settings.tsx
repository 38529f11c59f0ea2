import { Link } from 'react-router';
import { SettingCard } from './setting-card.tsx';
import styles from './users.module.css';

export interface AccountSettingsProps {
  onEditProfile: () => void;
  onChangePassword: () => void;
  /** Opens 'Cambiar correo'. */
  onChangeEmail?: () => void;
  onLogout: () => void;
  /** Opens the confirmation for ending every session of the account, on every device. */
  onLogoutEverywhere?: () => void;
  /** The logout call is under way: the card is disabled and says so. */
  loggingOut?: boolean;
  addressesHref: string;
}

/** Settings cards: Editar Perfil, Direcciones, Seguridad, Cerrar Sesión, and in every device. */
export function AccountSettings({
  onEditProfile,
  onChangePassword,
  onChangeEmail,
  onLogout,
  onLogoutEverywhere,
  loggingOut = false,
  addressesHref,
}: AccountSettingsProps) {
  return (
    <section aria-labelledby="settings-title" className="stack">
      <h2 id="settings-title" className={styles.sectionTitle}>
        Configuración de la cuenta
      </h2>
      <ul className={styles.settings}>
        <SettingCard
          title="Editar Perfil"
          hint="Nombre, teléfono, dirección y biografía"
          onClick={onEditProfile}
        />
        <li>
          <Link to={addressesHref} className={styles.settingCard}>
            <span className={styles.settingTitle}>Direcciones</span>
            <span className={styles.settingHint}>Tus direcciones de envío</span>
          </Link>
        </li>
        <SettingCard title="Seguridad" hint="Cambia tu contraseña" onClick={onChangePassword} />
        {onChangeEmail && (
          <SettingCard title="Cambiar correo" hint="Usa otra dirección de correo" onClick={onChangeEmail} />
        )}
        <SettingCard
          title={loggingOut ? 'Cerrando sesión…' : 'Cerrar Sesión'}
          hint="Salir de tu cuenta en este dispositivo"
          onClick={onLogout}
          danger
          disabled={loggingOut}
          busy={loggingOut}
        />
        {onLogoutEverywhere && (
          <SettingCard
            title="Cerrar sesión en todos los dispositivos"
            hint="Si perdiste un teléfono o entraste desde otro equipo"
            onClick={onLogoutEverywhere}
            danger
            disabled={loggingOut}
          />
        )}
      </ul>
    </section>
  );
}
