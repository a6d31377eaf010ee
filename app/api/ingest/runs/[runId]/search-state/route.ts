// POST /api/ingest/runs/[runId]/search-state - append database config, snapshots, resets /
// migrations and counters to a live run; records are the JSONL format's search-state lines
// (lib/importers/jsonlSearchState.ts), e.g. {"records": [{"database_counters": {...}}]}
import { MAX_BATCH_BYTES, recordBatchSchema } from '@/lib/contracts/api/ingest';
import { ApiError, handle, jsonBodyOf } from '@/lib/http/handler';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { AppendError, appendLiveSearchState } from '@/lib/db/appendPrograms';
import { isSearchLine, SearchStateLines } from '@/lib/importers/jsonlSearchState';
import { ImportError } from '@/lib/trace/schema';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req, params) => {
  const { runId } = runParamsSchema.parse(params);
  const body = await jsonBodyOf(req);
  const { records } = recordBatchSchema.parse(body.value);
  // Every record is checked before the database is read or written.
  const lines = new SearchStateLines();
  records.forEach((rec, i) => {
    if (!isSearchLine(rec)) throw new ApiError(400, `records[${i}]: expected one of database_config, database_snapshot, database_event, database_counters, database_missing`);
    try {
      lines.add(rec);
    } catch (e) {
      throw new ApiError(400, `records[${i}]: ${(e as Error).message}`);
    }
  });
  try {
    return { runId, stored: await appendLiveSearchState(runId, lines.result()!) };
  } catch (e) {
    if (e instanceof AppendError) throw new ApiError(e.status, e.message);
    if (e instanceof ImportError) throw new ApiError(400, e.message);
    throw e;
  }
}, { permission: 'ingest', body: { maxBytes: MAX_BATCH_BYTES } });
