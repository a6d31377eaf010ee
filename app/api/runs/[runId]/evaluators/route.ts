// GET /api/runs/[runId]/evaluators - every version of the run's evaluator, newest first (file sizes, not contents)
// POST /api/runs/[runId]/evaluators - a new version from an uploaded folder (JSON, files base64; lib/contracts/api/evaluators.ts; time and memory at most the owner's maxima)
import { ApiError, found, handle, jsonBody } from '@/lib/http/handler';
import { uploadToAttachInput } from '@/lib/services/evaluation/evaluatorUpload';
import { EVALUATOR_BODY_BYTES, evaluatorUploadSchema } from '@/lib/contracts/api/evaluators';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { pool } from '@/lib/db/client';
import { attachEvaluator, DEFAULT_EVALUATOR_MEMORY_MB, listEvaluators } from '@/lib/db/evaluators';
import { evaluationMaxima } from '@/lib/db/evaluationBatches';
import { audit } from '@/lib/db/audit';
import { getRun } from '@/lib/db/runs';
import { limitRefusal } from '@/lib/sandbox/evaluators/limits';
import { defaultProgramFile, EvaluatorInputError } from '@/lib/sandbox/evaluators/files';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const DEFAULT_TIMEOUT_SECONDS = 60;

export const GET = handle<{ runId: string }>(async (_req, params) => {
  const { runId } = runParamsSchema.parse(params);
  found(await getRun(runId), 'run');
  return { evaluators: await listEvaluators(pool(), runId) };
}, { permission: 'read' });

export const POST = handle<{ runId: string }>(async (req, params, { actor }) => {
  const { runId } = runParamsSchema.parse(params);
  const run = found(await getRun(runId), 'run');
  const upload = evaluatorUploadSchema.parse(await jsonBody(req));
  const max = await evaluationMaxima();
  const refused = limitRefusal(upload, max);
  if (refused) throw new ApiError(400, refused);
  try {
    const input = uploadToAttachInput(upload, {
      programFile: defaultProgramFile(run.language),
      timeoutSeconds: Math.min(DEFAULT_TIMEOUT_SECONDS, max.maxTimeoutSeconds),
      memoryMb: Math.min(DEFAULT_EVALUATOR_MEMORY_MB, max.maxMemoryMb),
    });
    const stored = await attachEvaluator(pool(), runId, input);
    const [summary] = (await listEvaluators(pool(), runId)).filter((e) => e.id === stored.id);
    await audit(actor, 'evaluator.upload', { kind: 'run', id: runId }, {
      version: summary.version, contract: summary.contract, files: summary.files.length, privateFiles: summary.privateFiles?.length ?? 0,
      timeoutSeconds: summary.timeoutSeconds, memoryMb: summary.memoryMb,
    });
    return Response.json(summary, { status: 201 });
  } catch (e) {
    if (e instanceof EvaluatorInputError) throw new ApiError(400, e.message);
    throw e;
  }
}, { permission: 'upload', body: { maxBytes: EVALUATOR_BODY_BYTES } });
