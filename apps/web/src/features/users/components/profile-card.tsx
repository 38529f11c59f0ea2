import type { UserProfile } from '@app/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import styles from './users.module.css';

const NOT_SET = 'No registrado';

/** The own profile: avatar, username, contact data and 'Acerca de mí'. */
export function ProfileCard({ profile }: { profile: UserProfile }) {
  const fullName = [profile.name, profile.last_name].filter(Boolean).join(' ');
  return (
    <section className="card stack" aria-labelledby="profile-username">
      <div className={styles.profileCard}>
        <SafeImage
          className={styles.avatar}
          src={profile.avatar}
          fallback={PLACEHOLDER_AVATAR}
          alt={`Avatar de ${profile.username}`}
          width={112}
          height={112}
          loading="eager"
        />
        <div className={styles.identity}>
          <div className="row justify-inherit">
            <h2 id="profile-username">{profile.username}</h2>
            {profile.is_seller && <Badge tone="success">Vendedor</Badge>}
          </div>
          {fullName && <p className={styles.fullName}>{fullName}</p>}
          <dl className={styles.details}>
            <dt>Correo</dt>
            <dd>{profile.email}</dd>
            <dt>Teléfono</dt>
            <dd>{profile.phone || NOT_SET}</dd>
            <dt>Dirección</dt>
            <dd>{profile.address || NOT_SET}</dd>
          </dl>
        </div>
      </div>
      <div>
        <h3 className={styles.sectionTitle}>Acerca de mí</h3>
        <p className={profile.bio ? styles.bio : `${styles.bio} muted`}>
          {profile.bio ||
            'Aún no has escrito nada sobre ti. Usa «Editar Perfil» para contarle a la comunidad qué coleccionas.'}
        </p>
      </div>
    </section>
  );
}
