// GET /api/reviews?run= - review sessions (with each reviewer's progress); POST - create one:
// sample the edits, assign the reviewers.
import { z } from 'zod';
import { ApiError, handle, jsonBody, queryOf } from '@/lib/http/handler';
import { uuidSchema } from '@/lib/contracts/api/params';
import { actorUser } from '@/lib/contracts/permissions';
import { audit } from '@/lib/db/audit';
import { createReviewSession, listReviewSessions, missingRuns } from '@/lib/db/reviews';
import { checkReviewers } from '@/lib/http/reviewAccess';
import { reviewerOf } from '@/lib/review/reviewer';
import { createReviewSessionSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ run: uuidSchema('run id').optional() });

export const GET = handle(async (req) => {
  const { run } = querySchema.parse(queryOf(req));
  return { sessions: await listReviewSessions(run) };
}, { permission: 'read' });

export const POST = handle(async (req, _params, { actor }) => {
  const body = createReviewSessionSchema.parse(await jsonBody(req));
  const runIds = [...new Set(body.runIds)];
  const missing = await missingRuns(runIds);
  if (missing.length) throw new ApiError(404, `run not found: ${missing.join(', ')}`);
  const reviewers = [...new Set(body.reviewers?.length ? body.reviewers : [reviewerOf(actor)])];
  await checkReviewers(reviewers, actor.kind === 'local');
  const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
  const created = await createReviewSession({
    name: body.name, createdBy: actorUser(actor)?.id ?? null, runIds, sampling: body.sampling, size: body.size, judge: body.judge, seed, reviewers,
  });
  if (!created) {
    throw new ApiError(400, body.sampling === 'best-so-far' ? 'these runs have no best-so-far edit to review' : 'these runs have no edit (a child with a parent in the run) to review');
  }
  await audit(actor, 'review.create', { kind: 'review-session', id: created.id }, { runIds, sampling: body.sampling, size: body.size, items: created.items, reviewers });
  return Response.json({ id: created.id, items: created.items }, { status: 201 });
}, { permission: 'review-admin' });
