// GET /api/runs/[runId] - one run with its headline figures and metric keys
// PATCH /api/runs/[runId] - rename and/or retag it ({ name?, tags? }, JSON)
// DELETE /api/runs/[runId] - delete it with everything of it, in one transaction
import { found, handle, jsonBody } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { runPatchSchema, type RunDeleted } from '@/lib/contracts/api/runs';
import { deleteRun, updateRun } from '@/lib/db/runEdit';
import { getRun } from '@/lib/db/runs';
import { audit } from '@/lib/db/audit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  return found(await getRun(runId), 'run');
}, { permission: 'read' });

export const PATCH = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const patch = runPatchSchema.parse(await jsonBody(req));
  return found(await updateRun(runId, patch), 'run');
}, { permission: 'jobs' });

export const DELETE = handle<{ runId: string }>(async (_req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const name = (await getRun(runId))?.name ?? null;
  const deleted = found(await deleteRun(runId), 'run');
  await audit(actor, 'run.delete', { kind: 'run', id: runId }, { name, programs: deleted.programs });
  return { deleted: true, runId: deleted.runId, blobsRemoved: deleted.blobsRemoved } satisfies RunDeleted;
}, { permission: 'delete' });
