// POST /api/ingest/runs/[runId]/programs - append a batch of programs to a live run; records
// use Evoscope's JSONL program format (docs/jsonl-format.md)
import { z } from 'zod';
import { MAX_BATCH, MAX_BATCH_BYTES } from '@/lib/contracts/api/ingest';
import { ApiError, handle, jsonBodyOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { AppendError, appendPrograms } from '@/lib/db/appendPrograms';
import { prisma } from '@/lib/db/client';
import { toProgram } from '@/lib/importers/jsonl';
import { describeIssue, programLineSchema } from '@/lib/importers/jsonlSchema';
import { enqueueRunAnalyses } from '@/lib/db/jobQueue';
import { ImportError } from '@/lib/trace/schema';
import { replacedTextWarnings } from '@/lib/contracts/api/ingestWarnings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  programs: z.array(z.unknown()).min(1, 'programs must not be empty').max(MAX_BATCH, `at most ${MAX_BATCH} programs per request`),
});

export const POST = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const body = await jsonBodyOf(req);
  const { programs } = bodySchema.parse(body.value);
  // Every record is checked before the database is read or written.
  const lines = programs.map((raw, i) => {
    const r = programLineSchema.safeParse(raw);
    if (!r.success) throw new ApiError(400, `programs[${i}]: ${describeIssue(r.error)}`);
    return r.data;
  });
  const run = await prisma().run.findUnique({ where: { id: runId }, select: { scoreMetric: true, language: true } });
  if (!run) throw new ApiError(404, 'run not found');
  // Programs without an iteration are placed by appendPrograms, under the run's row lock.
  const records = lines.map((line) => toProgram(line, null, run.scoreMetric ?? 'score', run.language ?? null));
  try {
    const result = await appendPrograms(runId, records);
    await enqueueRunAnalyses(runId, { debounceMs: 3000 });
    return { ...result, warnings: replacedTextWarnings(records, body.invalidUtf8) };
  } catch (e) {
    if (e instanceof AppendError) throw new ApiError(e.status, e.message);
    if (e instanceof ImportError) throw new ApiError(400, e.message);
    throw e;
  }
}, { permission: 'ingest', body: { maxBytes: MAX_BATCH_BYTES } });
