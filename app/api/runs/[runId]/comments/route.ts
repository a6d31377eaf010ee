// GET /api/runs/[runId]/comments?target=edit|program|diff&programId=&line= - a thread, oldest first
// POST /api/runs/[runId]/comments - post one ({ target, programId, line?, body }, Markdown; @email mentions)
import { commentCreateSchema, commentTargetSchema } from '@/lib/contracts/api/board';
import { handle, jsonBody, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { createComment, listComments } from '@/lib/db/comments';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  return { comments: await listComments(actor, runId, commentTargetSchema.parse(queryOf(req))) };
}, { permission: 'read' });

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const comment = await createComment(actor, runId, commentCreateSchema.parse(await jsonBody(req)));
  return Response.json(comment, { status: 201 });
}, { permission: 'comment' });
