// POST /api/runs/[runId]/tuning-sweep - tune a run's intermediate programs: { every?: K (default 10: every K-th best-so-far event, the first always), programIds?, params? } -> 201 { groupId, experiments }
// GET ?groupId= - the sweep (default: the run's latest) per program { iteration, originalScore, ceiling, gap, status } with the run's best-so-far curve
import { ApiError, found, handle, jsonBody, queryOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { startTuningSweepSchema, tuningSweepQuery } from '@/lib/contracts/api/tuningSweep';
import { actorUser } from '@/lib/contracts/permissions';
import { ExperimentInputError } from '@/lib/db/experiments';
import { createTuningSweep, getTuningSweep } from '@/lib/services/experiments/tuningSweep';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const input = startTuningSweepSchema.parse(await jsonBody(req));
  const created = await createTuningSweep(runId, input, actorUser(actor)?.id ?? null).catch((e: unknown) => {
    if (e instanceof ExperimentInputError) throw new ApiError(e.status, e.message, e.code);
    throw e;
  });
  return Response.json(found(created, 'run'), { status: 201 });
}, { permission: 'jobs' });

export const GET = handle<{ runId: string }>(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const { groupId } = tuningSweepQuery.parse(queryOf(req));
  return found(await getTuningSweep(runId, groupId), groupId ? 'sweep' : 'run');
}, { permission: 'read' });
