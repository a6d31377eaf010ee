// GET /api/runs/[runId]/comments/[commentId] - one comment (permalinks)
// PATCH - edit its body (its author only); DELETE - delete it, softly (its author or an owner)
import { commentEditSchema } from '@/lib/contracts/api/board';
import { ApiError, handle, jsonBody } from '@/lib/http/handler';
import { uuidSchema } from '@/lib/contracts/api/params';
import { deleteComment, editComment, getComment } from '@/lib/db/comments';
import type { Actor } from '@/lib/contracts/permissions';
import { z } from 'zod';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ runId: uuidSchema('run id'), commentId: uuidSchema('comment id') });
type P = { runId: string; commentId: string };

/** The comment, refused as not found when it belongs to another run (share links are per run). */
async function inRun(actor: Actor, params: P) {
  const { runId, commentId } = paramsSchema.parse(params);
  const c = await getComment(actor, commentId);
  if (!c || c.runId !== runId) throw new ApiError(404, 'comment not found');
  return c;
}

export const GET = handle<P>(async (_req, params, { actor }) => inRun(actor, params), { permission: 'read' });

export const PATCH = handle<P>(async (req, params, { actor }) => {
  const c = await inRun(actor, params);
  return editComment(actor, c.id, commentEditSchema.parse(await jsonBody(req)).body);
}, { permission: 'comment' });

export const DELETE = handle<P>(async (_req, params, { actor }) => {
  const c = await inRun(actor, params);
  return deleteComment(actor, c.id);
}, { permission: 'comment' });
