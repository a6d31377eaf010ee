// Where a stored run came from, read for lib/contracts/runOrigin.ts: its import job's kind and
// name (joined as `j`) and the importer's own source kind. Every query that shows runs side by
// side (the runs list, the pickers, the duplicate check) selects these columns.
import { runOrigin } from '../contracts/runOrigin';

/** Select list for a query on `runs r LEFT JOIN import_jobs j ON j.id = r.import_job_id`. */
export const RUN_SOURCE_COLUMNS = 'j.kind AS import_kind, j.source_name AS import_source, r.source_kind';
export const IMPORT_JOB_JOIN = 'LEFT JOIN import_jobs j ON j.id = r.import_job_id';

export interface RunSourceRow {
  import_kind: string | null;
  import_source: string | null;
  source_kind: string;
}

export const originOfRow = (r: RunSourceRow) => runOrigin({ importKind: r.import_kind, importSource: r.import_source, sourceKind: r.source_kind });
