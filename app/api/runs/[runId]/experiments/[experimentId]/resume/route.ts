// POST /api/runs/[runId]/experiments/[experimentId]/resume - queue a cancelled or failed experiment again; it resumes from its stored calls
import { found, handle } from '@/lib/http/handler';
import { experimentParamsSchema } from '@/lib/contracts/api/experimentSchemas';
import { resumeExperiment } from '@/lib/db/experiments';
import { enqueueExperiment } from '@/lib/db/jobQueue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle<{ runId: string; experimentId: string }>(async (_req, params) => {
  const { runId, experimentId } = experimentParamsSchema.parse(params);
  const experiment = found(await resumeExperiment(runId, experimentId), 'experiment');
  if (experiment.status === 'queued') await enqueueExperiment(experiment.id);
  return { experiment };
}, { permission: 'jobs' });
