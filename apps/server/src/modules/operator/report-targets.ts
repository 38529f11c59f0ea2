import type { ReportTargetType } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { productLink } from '../questions/questions.service.ts';
import { operatorRepository as repo } from './operator.repository.ts';
import { profileLink } from './operator-views.ts';

/**
 * What a report can be about, by type: whether it exists, what to call it, where it is seen and
 * whose it is. Questions are answered by the questions module when it is there (`reportTargets`
 * option); until then a report on a question finds nothing (404).
 */
export interface ReportTargetResolver {
  find(
    db: Database,
    id: number,
  ): Promise<{ name: string; link: string | null; ownerId: number | null } | undefined>;
}

/** The targets a report may name: products and users here, others (questions) from their modules. */
export function reportTargets(
  extra: Partial<Record<ReportTargetType, ReportTargetResolver>> = {},
): Record<ReportTargetType, ReportTargetResolver | undefined> {
  return {
    product: {
      async find(d, id) {
        const row = await repo.productTarget(d, id);
        if (!row) return undefined;
        return { name: row.name, link: productLink(row.id, row.status), ownerId: row.owner_id };
      },
    },
    user: {
      async find(d, id) {
        const row = await repo.userTarget(d, id);
        if (!row) return undefined;
        return { name: row.username, link: profileLink(row.username), ownerId: row.id };
      },
    },
    question: undefined,
    ...extra,
  };
}
