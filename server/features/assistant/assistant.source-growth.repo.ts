import { canReadAssessment, canReadPlanOf } from '../growth/growth.access.js';
import { ADMIN_TAG, tokenSql } from './assistant.index.repo.js';
import { fingerprint, srcList, type LoadedPassage, type SourceKind } from './assistant.sources.js';
import { stmt } from './assistant.statements.repo.js';

/**
 * Assessments and development plans (docs/decisions/0050). Audience: the person (p, and s for the
 * scope), anyone above them (c), admins; an assessment also its assessor, a plan its mentor. Read
 * again through growth.access.ts, the rules the growth GraphQL uses: a draft assessment only by its
 * writer. The ratings themselves are never quoted: a summary and the comments are.
 */
const PERSON_TAGS = (who: string) => [tokenSql('p', who), tokenSql('c', who), tokenSql('s', who), ADMIN_TAG];

export const assessmentKind: SourceKind = {
  kind: 'assessment',
  audience: ['p', 'c', 'adm'],
  index: {
    kind: 'assessment',
    code: 11,
    table: 'assessments',
    from: 'assessments s',
    org: 's.organization_id',
    at: 'coalesce(s.submitted_at, s.updated_at)',
    body: `s.summary || char(10) || coalesce((select group_concat(c.comment, char(10)) from assessment_ratings c where c.assessment_id = s.id and trim(c.comment) <> ''), '')`,
    tags: [...PERSON_TAGS('s.subject_id'), tokenSql('p', 's.assessor_id')],
    columns: ['summary', 'status', 'submitted_at', 'subject_id', 'assessor_id'],
    dependents: [{ table: 'assessment_ratings', columns: ['comment', 'assessment_id'], where: (row) => `s.id = ${row}.assessment_id` }],
  },
  load(ctx, srcs) {
    const rows = stmt(
      ctx.db,
      `select s.rowid as src, s.id, s.organization_id, s.subject_id, s.assessor_id, s.kind, s.status, s.summary, s.submitted_at, s.updated_at,
        (select group_concat(c.comment, char(10)) from assessment_ratings c where c.assessment_id = s.id and trim(c.comment) <> '') as comments
      from json_each(?) j cross join assessments s on s.rowid = j.value where s.organization_id = ?`,
    ).all(srcList(srcs), ctx.viewer.organizationId) as Array<{
      src: number;
      id: string;
      organization_id: string;
      subject_id: string;
      assessor_id: string | null;
      kind: string;
      status: string;
      summary: string;
      submitted_at: string | null;
      updated_at: string;
      comments: string | null;
    }>;
    const kept = rows.filter((r) => canReadAssessment(ctx.db, ctx.viewer, r));
    const who = ctx.names(kept.flatMap((r) => [r.subject_id, r.assessor_id]));
    return kept.flatMap((r): LoadedPassage[] => {
      const text = [r.summary.trim(), r.comments?.trim()].filter(Boolean).join('\n');
      if (!text) return [];
      const subject = r.subject_id === ctx.viewer.userId ? 'you' : (who.get(r.subject_id) ?? 'a former colleague');
      const kind = r.kind === 'SELF' ? 'Self-assessment' : 'Manager assessment';
      return [
        {
          kind: 'assessment',
          src: r.src,
          fp: fingerprint('assessment', r.id),
          text,
          at: r.submitted_at ?? r.updated_at,
          tone: false,
          author: r.assessor_id ? (who.get(r.assessor_id) ?? null) : null,
          label: r.status === 'DRAFT' ? `${kind}, your draft` : kind,
          group: {
            key: `assessment:${r.subject_id}`,
            source: 'ASSESSMENTS',
            title: `Assessments of ${subject}`,
            link: `/profile/assesment?user=${r.subject_id}`,
          },
          audit: `assessment:${r.id}`,
        },
      ];
    });
  },
};

export const developmentPlanKind: SourceKind = {
  kind: 'development_plan',
  audience: ['p', 'c', 'adm'],
  index: {
    kind: 'development_plan',
    code: 12,
    table: 'development_plans',
    from: 'development_plans s',
    org: 's.organization_id',
    at: 's.updated_at',
    body: `s.focus || char(10) || coalesce((select group_concat(a.title, char(10)) from development_actions a where a.user_id = s.user_id and a.organization_id = s.organization_id), '')`,
    tags: [...PERSON_TAGS('s.user_id'), tokenSql('p', 's.mentor_id')],
    dependents: [{ table: 'development_actions', columns: ['title', 'user_id'], where: (row) => `s.user_id = ${row}.user_id` }],
  },
  load(ctx, srcs) {
    const rows = stmt(
      ctx.db,
      `select s.rowid as src, s.user_id, s.mentor_id, s.focus, s.updated_at,
        (select group_concat(a.title, char(10)) from development_actions a where a.user_id = s.user_id and a.organization_id = s.organization_id) as actions
      from json_each(?) j cross join development_plans s on s.rowid = j.value where s.organization_id = ?`,
    ).all(srcList(srcs), ctx.viewer.organizationId) as Array<{
      src: number;
      user_id: string;
      mentor_id: string | null;
      focus: string;
      updated_at: string;
      actions: string | null;
    }>;
    const kept = rows.filter((r) => canReadPlanOf(ctx.db, ctx.viewer, r.user_id, r.mentor_id));
    const who = ctx.names(kept.map((r) => r.user_id));
    return kept.flatMap((r): LoadedPassage[] => {
      const text = [r.focus.trim(), r.actions?.trim()].filter(Boolean).join('\n');
      if (!text) return [];
      const person = r.user_id === ctx.viewer.userId ? 'Your' : `${who.get(r.user_id) ?? 'A former colleague'}’s`;
      return [
        {
          kind: 'development_plan',
          src: r.src,
          fp: fingerprint('development_plan', r.user_id),
          text,
          at: r.updated_at,
          author: null,
          tone: false,
          label: 'Focus and actions',
          group: {
            key: `plan:${r.user_id}`,
            source: 'DEVELOPMENT_PLANS',
            title: `${person} development plan`,
            link: `/professional-development?user=${r.user_id}`,
          },
          audit: `development_plan:${r.user_id}`,
        },
      ];
    });
  },
};
