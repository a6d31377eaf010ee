// GET /api/reviews/[sessionId]/agreement?judge=K - the judge (default: the session's
// stratification judge, else the one that labelled most items) against each reviewer, and
// reviewer against reviewer: agreement figures and the disagreeing items. Hidden from a
// reviewer of the session who has not finished (lib/http/reviewAccess.ts).
import { z } from 'zod';
import { handle, queryOf } from '@/lib/http/handler';
import { judgeLabelMap, reviewerLabelMaps, sessionItems, sessionJudges } from '@/lib/db/reviewLabels';
import { refuseWhileReviewing, sessionOr404 } from '@/lib/http/reviewAccess';
import { agreementPairs, type Labelling } from '@/lib/review/agreementView';
import { sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ judge: z.string().trim().max(300).optional() });

export const GET = handle(async (req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const query = querySchema.parse(queryOf(req));
  const session = await sessionOr404(sessionId);
  await refuseWhileReviewing(actor, session);
  const [items, judges, maps] = await Promise.all([sessionItems(sessionId), sessionJudges(sessionId), reviewerLabelMaps(sessionId)]);
  const choices = session.judge && !judges.includes(session.judge) ? [session.judge, ...judges] : judges;
  // '' asks for no judge; absent: the session's own, else the judge with most items.
  const judge = query.judge === '' ? null : query.judge ?? session.judge ?? judges[0] ?? null;
  const judgeLabels: Labelling | null = judge ? { key: `judge:${judge}`, name: judge, kind: 'judge', labels: await judgeLabelMap(sessionId, judge) } : null;
  const reviewers: Labelling[] = session.reviewers.map((r) => ({ key: r.reviewer, name: r.name, kind: 'reviewer', labels: maps.get(r.reviewer) ?? new Map() }));
  return {
    session: { id: session.id, name: session.name, items: session.items, judge: session.judge },
    judge,
    judges: choices,
    judgeLabelled: judgeLabels?.labels.size ?? 0,
    reviewers: session.reviewers,
    pairs: agreementPairs(items, judgeLabels, reviewers),
  };
}, { permission: 'read' });
