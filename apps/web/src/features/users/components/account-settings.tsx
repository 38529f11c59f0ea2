import { Link } from 'react-router';
import styles from './users.module.css';

export interface AccountSettingsProps {
  onEditProfile: () => void;
  onChangePassword: () => void;
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
        <li>
          <button type="button" className={styles.settingCard} onClick={onEditProfile}>
            <span className={styles.settingTitle}>Editar Perfil</span>
            <span className={styles.settingHint}>Nombre, teléfono, dirección y biografía</span>
          </button>
        </li>
        <li>
          <Link to={addressesHref} className={styles.settingCard}>
            <span className={styles.settingTitle}>Direcciones</span>
            <span className={styles.settingHint}>Tus direcciones de envío</span>
          </Link>
        </li>
        <li>
          <button type="button" className={styles.settingCard} onClick={onChangePassword}>
            <span className={styles.settingTitle}>Seguridad</span>
            <span className={styles.settingHint}>Cambia tu contraseña</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className={`${styles.settingCard} ${styles.danger}`}
            onClick={onLogout}
            disabled={loggingOut}
            aria-busy={loggingOut}
          >
            <span className={styles.settingTitle}>{loggingOut ? 'Cerrando sesión…' : 'Cerrar Sesión'}</span>
            <span className={styles.settingHint}>Salir de tu cuenta en este dispositivo</span>
          </button>
        </li>
        {onLogoutEverywhere && (
          <li>
            <button
              type="button"
              className={`${styles.settingCard} ${styles.danger}`}
              onClick={onLogoutEverywhere}
              disabled={loggingOut}
            >
              <span className={styles.settingTitle}>Cerrar sesión en todos los dispositivos</span>
              <span className={styles.settingHint}>Si perdiste un teléfono o entraste desde otro equipo</span>
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
