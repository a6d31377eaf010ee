// POST /api/ingest/runs/[runId]/diagnoses - append the eval agent's triggers to a live run; records
// are the JSONL format's diagnosis lines (lib/importers/jsonlDiagnosis.ts), e.g.
// {"records": [{"diagnosis": {"trigger_generation": 10, "report_md": "...", "aux_values": {...}}}]}
import { MAX_BATCH_BYTES, recordBatchSchema } from '@/lib/contracts/api/ingest';
import { ApiError, handle, jsonBodyOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { AppendError } from '@/lib/db/appendPrograms';
import { appendLiveDiagnoses } from '@/lib/db/appendDiagnoses';
import { diagnosisRecordOf, isDiagnosisLine, parseDiagnosisLine } from '@/lib/importers/jsonlDiagnosis';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const body = await jsonBodyOf(req);
  const { records } = recordBatchSchema.parse(body.value);
  // Every record is checked before the database is read or written.
  const parsed = records.map((rec, i) => {
    if (!isDiagnosisLine(rec)) throw new ApiError(400, `records[${i}]: expected {"diagnosis": {...}}`);
    try {
      return diagnosisRecordOf(parseDiagnosisLine(rec), `records[${i}]`);
    } catch (e) {
      throw new ApiError(400, `records[${i}]: ${(e as Error).message}`);
    }
  });
  try {
    return { runId, ...(await appendLiveDiagnoses(runId, parsed)) };
  } catch (e) {
    if (e instanceof AppendError) throw new ApiError(e.status, e.message);
    throw e;
  }
}, { permission: 'ingest', body: { maxBytes: MAX_BATCH_BYTES } });
