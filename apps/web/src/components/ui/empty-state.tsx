import { LinkButton } from './button.tsx';

/** An empty list that says so and points to where to start (explore, sell). */
export function EmptyState({ message, action, to }: { message: string; action: string; to: string }) {
  return (
    <div className="empty-state stack">
      <p>{message}</p>
      <p>
        <LinkButton variant="primary" to={to}>
          {action}
        </LinkButton>
      </p>
    </div>
  );
}
