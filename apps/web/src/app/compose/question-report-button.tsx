import type { PublicQuestion } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ReportButton } from '../../features/reports/components/report-button.tsx';
import { profileQuery } from '../../lib/profile-query.ts';
import { useIsLoggedIn } from '../../lib/use-auth.ts';

/**
 * 'Denunciar' on a question (its answer included) of a product page, for a logged-in reader who
 * did not ask it: a question names its author by username only, so the reader's own username
 * comes from their profile (one request, made only once a logged-in reader sees questions, and
 * shared with every other use of the profile). Until it is known the button stays away.
 */
export function QuestionReportButton({ question }: { question: PublicQuestion }) {
  const loggedIn = useIsLoggedIn();
  const profile = useQuery(profileQuery(loggedIn));
  const me = profile.data?.username;
  if (!loggedIn || !me || me.toLowerCase() === question.asker_username.toLowerCase()) return null;
  return (
    <ReportButton
      targetType="question"
      targetId={question.id}
      targetName={`la pregunta de @${question.asker_username}`}
    />
  );
}
