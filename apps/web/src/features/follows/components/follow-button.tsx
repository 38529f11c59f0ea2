import { followMessages as m } from '@app/contracts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { useCurrentUserId, useIsLoggedIn } from '../../../lib/use-auth.ts';
import { useFollowState, useToggleFollow } from '../api/follows.ts';
import styles from './follows.module.css';

export interface FollowButtonProps {
  seller: { id: number; username: string; followers_count: number };
}

/**
 * 'Seguir' on a public profile, 'Siguiendo' once followed (pressing it again unfollows), with the
 * follower count. Without a session it is a link to the login, which brings the visitor back.
 * One's own profile shows the count alone.
 */
export function FollowButton({ seller }: FollowButtonProps) {
  const loggedIn = useIsLoggedIn();
  const own = useCurrentUserId() === seller.id;
  const state = useFollowState(seller.username);
  const toggle = useToggleFollow(seller.username);
  const toast = useToast();
  const count = state.data?.followers_count ?? seller.followers_count;
  const following = state.data?.following ?? false;

  const counter = (
    <span className={styles.count} aria-live="polite">
      {m.followers(count)}
    </span>
  );

  if (own) return <div className={styles.follow}>{counter}</div>;

  if (!loggedIn)
    return (
      <div className={styles.follow}>
        <Link
          to={paths.login.getHref()}
          className={buttonClass({ variant: 'primary' })}
          onClick={() => authStorage.setRedirect(window.location.pathname + window.location.search)}
        >
          {m.follow}
          <span className="sr-only"> a {seller.username}</span>
        </Link>
        {counter}
      </div>
    );

  const onClick = () => toggle.mutate(!following, { onError: () => toast.error(m.toggleError) });

  return (
    <div className={styles.follow}>
      {/* The name starts with the visible text ('Seguir a …', 'Siguiendo a …'); pressed says followed. */}
      <Button
        variant={following ? 'default' : 'primary'}
        aria-pressed={following}
        title={following ? m.unfollowLabel(seller.username) : undefined}
        busy={toggle.isPending || state.isPending}
        onClick={onClick}
        data-following={following}
      >
        {following && <span aria-hidden="true">✓ </span>}
        {following ? m.following : m.follow}
        <span className="sr-only"> a {seller.username}</span>
      </Button>
      {counter}
      {state.isError && (
        <span className={styles.error} role="status">
          {m.stateError}
        </span>
      )}
    </div>
  );
}
