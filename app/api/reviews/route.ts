// GET /api/reviews?run= - review sessions (with each reviewer's progress); POST - create one:
// sample the edits, assign the reviewers.
import { z } from 'zod';
import { ApiError, handle, jsonBody, queryOf } from '@/lib/api/handler';
import { uuidSchema } from '@/lib/api/params';
import { actorUser } from '@/lib/auth/permissions';
import { audit } from '@/lib/db/audit';
import { pool } from '@/lib/db/client';
import { createReviewSession, listReviewSessions } from '@/lib/db/reviews';
import { LOCAL_REVIEWER, reviewerOf } from '@/lib/review/reviewer';
import { createReviewSessionSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({ run: uuidSchema('run id').optional() });

export const GET = handle(async (req) => {
  const { run } = querySchema.parse(queryOf(req));
  return { sessions: await listReviewSessions(run) };
}, { permission: 'read' });

async function checkReviewers(reviewers: string[], local: boolean) {
  const users = reviewers.filter((r) => r !== LOCAL_REVIEWER);
  if (!local && reviewers.includes(LOCAL_REVIEWER)) throw new ApiError(400, `reviewer "${LOCAL_REVIEWER}" exists only on the single-user workbench`);
  if (local && users.length) throw new ApiError(400, `on the single-user workbench the only reviewer is "${LOCAL_REVIEWER}"`);
  if (!users.length) return;
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::text[]) AND NOT disabled', [users]);
  const known = new Set(rows.map((r) => r.id));
  const unknown = users.filter((u) => !known.has(u));
  if (unknown.length) throw new ApiError(400, `unknown or disabled reviewer${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
}

export const POST = handle(async (req, _params, { actor }) => {
  const body = createReviewSessionSchema.parse(await jsonBody(req));
  const runIds = [...new Set(body.runIds)];
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  const missing = runIds.filter((id) => !rows.some((r) => r.id === id));
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
