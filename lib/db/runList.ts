// The runs list (GET /api/runs): filtered and searched in SQL, newest first, keyset-paginated,
// reading only the columns the table shows. Counts come from the run row (kept at import and
// ingestion), never from the programs table, so a page costs the same with 500 runs as with 5.
// Indexes (migration *_runslist_runs_list): framework, task, language, GIN on tags, a trigram
// GIN on the searched text where pg_trgm exists, and (imported_at) for the order.
import { pool } from './client';
import { toSummary } from './runs';
import { IMPORT_JOB_JOIN, RUN_SOURCE_COLUMNS } from './runSource';
import { encodeRunsCursor, type ImportGroup, type RunFacets, type RunsCursor, type RunsResponse } from '../contracts/api/runs';

export interface RunsFilter {
  q?: string;
  framework?: string;
  task?: string;
  language?: string;
  tag?: string;
}

/** The text the search box matches; the trigram index is built on exactly this expression. */
export const SEARCH_TEXT = `lower("name" || ' ' || coalesce("task", '') || ' ' || "framework")`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE clause and parameters for a filter (values are always bound, never spliced). */
export function runsWhere(f: RunsFilter, params: unknown[]): string[] {
  const where: string[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  if (f.q) where.push(`${SEARCH_TEXT} LIKE ${bind(`%${likeEscape(f.q.toLowerCase())}%`)}`);
  if (f.framework) where.push(`framework = ${bind(f.framework)}`);
  if (f.task) where.push(`task = ${bind(f.task)}`);
  if (f.language) where.push(`language = ${bind(f.language)}`);
  if (f.tag) where.push(`tags @> ARRAY[${bind(f.tag)}::text]`);
  return where;
}

interface Row {
  id: string; name: string; framework: string; task: string | null; language: string | null; status: string;
  program_count: number; invalid_count: number; unevaluated_count: number; rejected_count: number; best_score: number | null;
  score_metric: string | null; higher_is_better: boolean; last_iteration: number | null; imported_at: Date;
  tags: string[] | null; import_job_id: string | null; source_kind: string; import_kind: string | null; import_source: string | null;
  cost_total: number | null; cost_basis: string | null; input_tokens: number | null; output_tokens: number | null; tokens_basis: string | null;
}

/** Newest first, keyset-paginated on (importedAt, id), with the import groups the page shows. */
export async function listRuns(opts: RunsFilter & { limit: number; cursor?: RunsCursor }): Promise<RunsResponse> {
  const params: unknown[] = [];
  const where = runsWhere(opts, params);
  if (opts.cursor) {
    where.push(`(imported_at, id) < ($${params.push(opts.cursor.importedAt)}::timestamptz, $${params.push(opts.cursor.id)}::uuid)`);
  }
  const { rows } = await pool().query<Row>(
    `SELECT r.id, r.name, r.framework, r.task, r.language, r.status, r.program_count, r.invalid_count, r.unevaluated_count,
            r.rejected_count, r.best_score, r.score_metric, r.higher_is_better, r.last_iteration, r.imported_at, r.tags, r.import_job_id,
            r.cost_total, r.cost_basis, r.input_tokens, r.output_tokens, r.tokens_basis, ${RUN_SOURCE_COLUMNS}
     FROM (SELECT * FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY imported_at DESC, id DESC LIMIT $${params.push(opts.limit + 1)}) r
     ${IMPORT_JOB_JOIN}
     ORDER BY r.imported_at DESC, r.id DESC`,
    params,
  );
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const runs = page.map((r) =>
    toSummary({
      id: r.id, name: r.name, framework: r.framework, task: r.task, language: r.language, status: r.status,
      programCount: r.program_count, invalidCount: r.invalid_count, unevaluatedCount: r.unevaluated_count, rejectedCount: r.rejected_count,
      bestScore: r.best_score, scoreMetric: r.score_metric, higherIsBetter: r.higher_is_better,
      lastIteration: r.last_iteration, importedAt: r.imported_at, tags: r.tags ?? [], importJobId: r.import_job_id, sourceKind: r.source_kind,
      importJob: r.import_kind === null ? null : { kind: r.import_kind, sourceName: r.import_source ?? '' },
      costTotal: r.cost_total, costBasis: r.cost_basis, inputTokens: r.input_tokens, outputTokens: r.output_tokens, tokensBasis: r.tokens_basis,
    }),
  );
  return {
    runs,
    groups: await importGroups([...new Set(page.map((r) => r.import_job_id).filter((id): id is string => !!id))]),
    nextCursor: rows.length > opts.limit && last ? encodeRunsCursor({ importedAt: last.imported_at.toISOString(), id: last.id }) : null,
  };
}

/** Imports among `ids` that created more than one run still stored, with all their runs. */
async function importGroups(ids: string[]): Promise<ImportGroup[]> {
  if (!ids.length) return [];
  const { rows } = await pool().query<{ id: string; source_name: string; run_ids: string[] }>(
    `SELECT j.id, j.source_name, array_agg(r.id::text ORDER BY r.imported_at DESC, r.id DESC) AS run_ids
     FROM runs r JOIN import_jobs j ON j.id = r.import_job_id
     WHERE r.import_job_id = ANY($1::uuid[])
     GROUP BY j.id, j.source_name HAVING count(*) > 1`,
    [ids],
  );
  return rows.map((r) => ({ id: r.id, sourceName: r.source_name, runIds: r.run_ids }));
}

/** Every framework, task, language and tag in use, with its run count, for the filter menus. */
export async function runFacets(): Promise<RunFacets> {
  const { rows } = await pool().query<{ k: keyof RunFacets; value: string; runs: number }>(
    `SELECT 'framework' AS k, framework AS value, count(*)::int AS runs FROM runs GROUP BY framework
     UNION ALL SELECT 'task', task, count(*)::int FROM runs WHERE task IS NOT NULL GROUP BY task
     UNION ALL SELECT 'language', language, count(*)::int FROM runs WHERE language IS NOT NULL GROUP BY language
     UNION ALL SELECT 'tag', t, count(*)::int FROM runs, unnest(tags) t GROUP BY t
     ORDER BY 1, 2`,
  );
  const out: RunFacets = { framework: [], task: [], language: [], tag: [] };
  for (const r of rows) out[r.k].push({ value: r.value, runs: r.runs });
  return out;
}
