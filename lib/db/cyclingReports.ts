// Reads of the stored cycling reports for the routes. PostgreSQL slices the jsonb (the report
// without its edits, one page of edits, one child's marks), so a run with 100k edits never
// sends the whole report through Node and never ships the whole marks map to a browser.
import { ANALYSIS, cyclingParams, REPORT_VERSION } from '../analysis/reportTypes';
import type { CyclingReport, CyclingMarks } from '../analysis/reportTypes';
import type { CyclingScope, Definitions } from '../contracts/analysisTypes';
import { pool } from './client';

export type CyclingReportHead = Omit<CyclingReport, 'edits'> & { editCount: number };

/** The report minus `edits` (plus their count); null until the worker has stored it. */
export async function getCyclingReportHead(runId: string, definitions: Definitions, scope: CyclingScope): Promise<CyclingReportHead | null> {
  const { rows } = await pool().query<{ report: Omit<CyclingReport, 'edits'>; edit_count: number | null }>(
    `SELECT result - 'edits' AS report, jsonb_array_length(coalesce(result -> 'edits', '[]'::jsonb)) AS edit_count
     FROM analyses WHERE run_id = $1 AND kind = $2 AND params = $3 AND version = $4`,
    [runId, ANALYSIS.cycling, cyclingParams(definitions, scope), REPORT_VERSION],
  );
  return rows[0] ? { ...rows[0].report, editCount: rows[0].edit_count ?? 0 } : null;
}

/** Edits [offset, offset + limit) of the report, in stored (processing) order, with the total. */
export async function getCyclingEditsPage(
  runId: string,
  definitions: Definitions,
  scope: CyclingScope,
  offset: number,
  limit: number,
): Promise<{ total: number; edits: CyclingReport['edits'] } | null> {
  const { rows } = await pool().query<{ total: number; edits: CyclingReport['edits'] }>(
    `SELECT jsonb_array_length(coalesce(a.result -> 'edits', '[]'::jsonb)) AS total,
            coalesce((SELECT jsonb_agg(e ORDER BY i)
                      FROM jsonb_array_elements(coalesce(a.result -> 'edits', '[]'::jsonb)) WITH ORDINALITY AS t(e, i)
                      WHERE i > $4 AND i <= $4 + $5), '[]'::jsonb) AS edits
     FROM analyses a WHERE a.run_id = $1 AND a.kind = $2 AND a.params = $3 AND a.version = $6`,
    [runId, ANALYSIS.cycling, cyclingParams(definitions, scope), offset, limit, REPORT_VERSION],
  );
  return rows[0] ?? null;
}

/**
 * One child's marks (empty when it re-added nothing) and the definition text of the matching
 * cycling report; null until the worker has stored the marks.
 */
export async function getChildMarks(
  runId: string,
  definitions: Definitions,
  scope: CyclingScope,
  childId: string,
): Promise<{ marks: CyclingMarks['byChild'][string]; definitionText: string } | null> {
  const { rows } = await pool().query<{ marks: CyclingMarks['byChild'][string] | null; definition_text: string | null }>(
    `SELECT m.result -> 'byChild' -> $5::text AS marks,
            (SELECT c.result ->> 'definitionText' FROM analyses c
             WHERE c.run_id = $1 AND c.kind = $3 AND c.params = $4 AND c.version = $6) AS definition_text
     FROM analyses m WHERE m.run_id = $1 AND m.kind = $2 AND m.params = $4 AND m.version = $6`,
    [runId, ANALYSIS.cyclingMarks, ANALYSIS.cycling, cyclingParams(definitions, scope), childId, REPORT_VERSION],
  );
  return rows[0] ? { marks: rows[0].marks ?? [], definitionText: rows[0].definition_text ?? '' } : null;
}

/** External id -> uuid for the given programs of a run (ids not in the run are left out). */
export async function programIdsByExternal(runId: string, externalIds: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(externalIds)];
  if (!unique.length) return {};
  const { rows } = await pool().query<{ id: string; external_id: string }>(
    'SELECT id::text AS id, external_id FROM programs WHERE run_id = $1 AND external_id = ANY($2::text[])',
    [runId, unique],
  );
  return Object.fromEntries(rows.map((r) => [r.external_id, r.id]));
}

/** Whether the run exists (to tell 404 from "not computed yet"). */
export async function runExists(runId: string): Promise<boolean> {
  const { rowCount } = await pool().query('SELECT 1 FROM runs WHERE id = $1', [runId]);
  return (rowCount ?? 0) > 0;
}
