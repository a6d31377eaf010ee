// POST /api/runs/[runId]/experiments/[experimentId]/cancel - cancel a queued or running experiment
import { found, handle } from '@/lib/http/handler';
import { experimentParamsSchema } from '@/lib/contracts/api/experimentSchemas';
import { cancelExperiment } from '@/lib/db/experiments';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string; experimentId: string }>(async (_req, params) => {
  const { runId, experimentId } = experimentParamsSchema.parse(params);
  // The process running it notices within a second and stops its sandboxes and LLM calls.
  return { experiment: found(await cancelExperiment(runId, experimentId), 'experiment') };
}, { permission: 'jobs' });
