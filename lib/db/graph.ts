// The parent -> child graph of a run for the lineage explorer (GET /api/runs/[runId]/graph):
// the JSON text of a RunGraph (lib/contracts/api/graph.ts), written by PostgreSQL itself as lib/db/runs.ts
// does for /points. Two queries (programs + lineage facts, and edges) run in ONE repeatable-read
// transaction, so both see the same snapshot: a live run's batch committed between them could
// otherwise give edges whose ends are not among the nodes. Their texts are then joined; at 100k
// programs each is a few hundred milliseconds of JSON output.
//
// Node index = seq: the writers (importRun, appendPrograms) number a run's programs densely from
// 0, so edges can carry the seq of each end without a ranking pass over the run. A run that ever
// breaks that (checked on every request) is renumbered in JS, slowly but correctly.
import { ANALYSIS, REPORT_VERSION } from '../analysis/reportTypes';
import { pool } from './client';

// The columns are aggregated from a subquery already in seq order (the (run_id, seq) index):
// one ordered scan instead of a sort per json_agg(... ORDER BY). json_agg has no combine
// function, so PostgreSQL never splits it over parallel workers and keeps the input order.
const NODES_SQL = `
  SELECT count(*) AS count, coalesce(max(seq) + 1, 0) AS span,
         coalesce(json_agg(id), '[]') AS ids, coalesce(json_agg(external_id), '[]') AS external_ids,
         coalesce(json_agg(seq), '[]') AS seq, coalesce(json_agg(iteration), '[]') AS iteration,
         coalesce(json_agg(island), '[]') AS island, coalesce(json_agg(score), '[]') AS score,
         coalesce(json_agg(valid), '[]') AS valid,
         coalesce(json_agg(seq) FILTER (WHERE agent), '[]') AS agent_candidates,
         coalesce(json_agg(seq) FILTER (WHERE rejected), '[]') AS rejected,
         (array_agg(external_id))[1] AS first_ext
  FROM (SELECT id, external_id, seq, iteration, island, score, valid, rejected,
               -- Eval-agent candidates (issue 13): flagged by the importer, or named by a diagnosis.
               -- A sparse list of seqs in the same ordered scan, not a column per program.
               (metadata @> '{"agentCandidate": true}'
                OR id IN (SELECT agent_candidate_program_id FROM diagnoses WHERE run_id = $1 AND agent_candidate_program_id IS NOT NULL)) AS agent
        FROM programs WHERE run_id = $1 ORDER BY seq) p`;

// The stored LineageReport is keyed by external ids in seq order. Programs are only ever appended
// (seq grows), so a report computed earlier covers a prefix of today's programs: its arrays are
// used verbatim and padded with nulls for the newer programs. Should the prefix not match (ids
// at both ends checked), the arrays are realigned by external id.
const LINEAGE_SQL = `
  rep AS MATERIALIZED (
    SELECT result, jsonb_array_length(result -> 'ids') AS len FROM analyses
    WHERE run_id = $1 AND kind = $2 AND params = '' AND version = $3),
  prefix AS (
    SELECT rep.len <= nodes.count
           AND (rep.len = 0 OR (rep.result -> 'ids' ->> 0 = nodes.first_ext
             AND rep.result -> 'ids' ->> (rep.len - 1)::int =
                 (SELECT external_id FROM programs WHERE run_id = $1 AND seq = rep.len - 1))) AS ok,
           (SELECT coalesce(jsonb_agg(NULL::int), '[]') FROM generate_series(1, nodes.count - rep.len)) AS pad
    FROM rep, nodes),
  lp AS (
    SELECT p.seq, (l.ord - 1)::int AS k
    FROM programs p
    LEFT JOIN (SELECT ext, ord FROM rep, jsonb_array_elements_text(rep.result -> 'ids') WITH ORDINALITY AS l(ext, ord)) l
      ON l.ext = p.external_id
    WHERE p.run_id = $1 AND NOT (SELECT ok FROM prefix)),
  lineage AS (
    SELECT json_build_object(
      'finalBestId', rep.result -> 'finalBestId',
      'finalBestDepth', rep.result -> 'finalBestDepth',
      'deadBranchShare', rep.result -> 'deadBranchShare',
      'depthHistogram', coalesce(rep.result -> 'depthHistogram', '[]'::jsonb),
      'complete', CASE WHEN prefix.ok THEN rep.len = nodes.count ELSE (SELECT count(lp.k) = count(*) FROM lp) END,
      ${['depth', 'onBestAncestry', 'bestSoFar', 'recycledShare']
        .map(
          (k) => `'${k}', CASE WHEN prefix.ok THEN rep.result -> '${k}' || prefix.pad
            ELSE (SELECT coalesce(jsonb_agg(rep.result -> '${k}' -> lp.k ORDER BY lp.seq), '[]') FROM lp) END`,
        )
        .join(',\n')}) AS json
    FROM rep, prefix, nodes)`;

// Programs shown as context (context_refs), never parent edges: drawn only on demand. Only those
// whose referenced program is in the run; by the showing program's seq, then the ref's ordinal.
const CONTEXT_EDGES_SQL = `
  SELECT json_build_object('childIndex', coalesce(json_agg(c.seq ORDER BY c.seq, r.ordinal), '[]'),
                           'refIndex', coalesce(json_agg(t.seq ORDER BY c.seq, r.ordinal), '[]'),
                           'label', coalesce(json_agg(r.label ORDER BY c.seq, r.ordinal), '[]'))
  FROM context_refs r
  JOIN programs c ON c.id = r.program_id AND c.run_id = $1
  JOIN programs t ON t.id = r.ref_program_id AND t.run_id = $1
  WHERE r.run_id = $1`;

const GRAPH_NODES_SQL = `
  WITH nodes AS (${NODES_SQL}), ${LINEAGE_SQL}
  SELECT nodes.span = nodes.count AS dense, json_build_object(
           'runId', r.id, 'scoreMetric', r.score_metric, 'higherIsBetter', r.higher_is_better,
           'count', nodes.count, 'ids', nodes.ids, 'externalIds', nodes.external_ids, 'seq', nodes.seq,
           'iteration', nodes.iteration, 'island', nodes.island, 'score', nodes.score, 'valid', nodes.valid,
           'agentCandidates', nodes.agent_candidates, 'rejected', nodes.rejected,
           'contextEdges', (${CONTEXT_EDGES_SQL}),
           'lineage', (SELECT json FROM lineage))::text AS json
  FROM runs r, nodes WHERE r.id = $1`;

// A child's edges in ordinal order, children in seq order: a child's first edge is its first parent.
// The run_id conditions on both joins let the planner read only this run's programs.
const GRAPH_EDGES_SQL = `
  SELECT json_build_object(
           'childIndex', coalesce(json_agg(child), '[]'), 'parentIndex', coalesce(json_agg(parent), '[]'),
           'ghostExternalId', coalesce(json_agg(ghost), '[]'), 'operator', coalesce(json_agg(operator), '[]'),
           'ordinal', coalesce(json_agg(ordinal), '[]'))::text AS json
  FROM (SELECT c.seq AS child, coalesce(p.seq, -1) AS parent,
               CASE WHEN p.seq IS NULL THEN e.parent_external_id END AS ghost, e.operator, e.ordinal
        FROM edges e
        JOIN programs c ON c.id = e.child_id AND c.run_id = $1
        LEFT JOIN programs p ON p.id = e.parent_id AND p.run_id = $1
        WHERE e.run_id = $1
        ORDER BY c.seq, e.ordinal, p.seq) e`;

// Just what LINEAGE_SQL needs of the programs, for the lineage-only response.
const NODE_COUNT_SQL = `
  SELECT count(*) AS count, (SELECT external_id FROM programs WHERE run_id = $1 ORDER BY seq LIMIT 1) AS first_ext
  FROM programs WHERE run_id = $1`;

/** Renumbers edge ends from seq to node index (only for a run whose seq has gaps). */
function renumber(nodesJson: string, edgesJson: string): string {
  const graph = JSON.parse(nodesJson) as {
    seq: number[]; agentCandidates?: number[]; rejected?: number[]; contextEdges?: { childIndex: number[]; refIndex: number[] };
  };
  const edges = JSON.parse(edgesJson) as { childIndex: number[]; parentIndex: number[] };
  const indexOf = new Map(graph.seq.map((s, i) => [s, i]));
  graph.agentCandidates = (graph.agentCandidates ?? []).map((s) => indexOf.get(s)!);
  graph.rejected = (graph.rejected ?? []).map((s) => indexOf.get(s)!);
  if (graph.contextEdges) {
    graph.contextEdges.childIndex = graph.contextEdges.childIndex.map((s) => indexOf.get(s)!);
    graph.contextEdges.refIndex = graph.contextEdges.refIndex.map((s) => indexOf.get(s)!);
  }
  edges.childIndex = edges.childIndex.map((s) => indexOf.get(s)!);
  edges.parentIndex = edges.parentIndex.map((s) => (s < 0 ? -1 : indexOf.get(s)!));
  return JSON.stringify({ ...graph, edges });
}

/**
 * The graph JSON of a run (null when the run does not exist): the worker's cached copy while the
 * run is unchanged since it was written and its lineage report is of the current version (a read
 * of a few ms instead of ~0.5 s of JSON building at 50k programs), otherwise built live.
 */
export async function getRunGraphJson(runId: string): Promise<string | null> {
  const cached = await pool().query<{ json: string }>(
    `SELECT g.json FROM graph_cache g JOIN runs r ON r.id = g.run_id
     WHERE g.run_id = $1 AND g.run_updated_at = r.updated_at AND g.program_count = r.program_count
       -- the copy embeds the lineage report: stale with it after an upgrade
       AND EXISTS (SELECT 1 FROM analyses a WHERE a.run_id = $1 AND a.kind = $2 AND a.params = '' AND a.version = $3)`,
    [runId, ANALYSIS.lineage, REPORT_VERSION],
  );
  return cached.rows[0]?.json ?? buildRunGraphJson(runId);
}

/** Rebuilds the cached graph JSON (worker, after the analyses it includes are stored). */
export async function refreshGraphCache(runId: string): Promise<void> {
  const built = await buildRunGraph(runId);
  if (!built) return;
  // The stamp comes from the graph's own snapshot: the copy is valid exactly while the run is
  // as it was then.
  await pool().query(
    `INSERT INTO graph_cache (run_id, run_updated_at, program_count, json, computed_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (run_id) DO UPDATE SET run_updated_at = EXCLUDED.run_updated_at, program_count = EXCLUDED.program_count,
       json = EXCLUDED.json, computed_at = now()`,
    [runId, built.updatedAt, built.programCount, built.json],
  );
}

async function buildRunGraphJson(runId: string): Promise<string | null> {
  return (await buildRunGraph(runId))?.json ?? null;
}

async function buildRunGraph(runId: string): Promise<{ json: string; updatedAt: Date; programCount: number } | null> {
  const client = await pool().connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const stamp = await client.query<{ updated_at: Date; program_count: number }>(
      'SELECT updated_at, program_count FROM runs WHERE id = $1',
      [runId],
    );
    const nodes = await client.query<{ json: string; dense: boolean }>(GRAPH_NODES_SQL, [runId, ANALYSIS.lineage, REPORT_VERSION]);
    const edges = await client.query<{ json: string }>(GRAPH_EDGES_SQL, [runId]);
    await client.query('COMMIT');
    const row = nodes.rows[0];
    if (!row || !stamp.rows[0]) return null;
    const { updated_at: updatedAt, program_count: programCount } = stamp.rows[0];
    if (!row.dense) return { json: renumber(row.json, edges.rows[0].json), updatedAt, programCount };
    // Both texts are JSON objects written by PostgreSQL: splice the edges in before the last brace.
    return { json: `${row.json.slice(0, row.json.lastIndexOf('}'))}, "edges" : ${edges.rows[0].json}}`, updatedAt, programCount };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}

/** Just the lineage facts ({ lineage }), aligned like the graph; null when the run does not exist. */
export async function getRunGraphLineageJson(runId: string): Promise<string | null> {
  const { rows } = await pool().query<{ json: string }>(
    `WITH nodes AS (${NODE_COUNT_SQL}), ${LINEAGE_SQL}
     SELECT json_build_object('lineage', (SELECT json FROM lineage))::text AS json FROM runs r WHERE r.id = $1`,
    [runId, ANALYSIS.lineage, REPORT_VERSION],
  );
  return rows[0]?.json ?? null;
}

/** Forgets the cached graphs of these runs (their lineage report is about to be recomputed). */
export async function dropGraphCache(runIds: string[]): Promise<void> {
  await pool().query('DELETE FROM graph_cache WHERE run_id = ANY($1::uuid[])', [runIds]);
}
