// Run queries for the web app: the runs list, one run, and the columnar score points.
import type { Run } from './generated/client';
import { pool, prisma } from './client';
import { encodeRunsCursor, type RunDetail, type RunSummary, type RunsCursor, type RunsResponse } from '../api/runs';

function toSummary(r: Run): RunSummary {
  return {
    id: r.id,
    name: r.name,
    framework: r.framework,
    task: r.task,
    language: r.language,
    status: r.status,
    programCount: r.programCount,
    invalidCount: r.invalidCount,
    validShare: r.programCount > 0 ? (r.programCount - r.invalidCount) / r.programCount : null,
    bestScore: r.bestScore,
    scoreMetric: r.scoreMetric,
    higherIsBetter: r.higherIsBetter,
    lastIteration: r.lastIteration,
    importedAt: r.importedAt.toISOString(),
  };
}

/** Newest first, keyset-paginated on (importedAt, id). */
export async function listRuns({ limit, cursor }: { limit: number; cursor?: RunsCursor }): Promise<RunsResponse> {
  const after = cursor
    ? {
        OR: [
          { importedAt: { lt: new Date(cursor.importedAt) } },
          { importedAt: new Date(cursor.importedAt), id: { lt: cursor.id } },
        ],
      }
    : {};
  const rows = await prisma().run.findMany({
    where: after,
    orderBy: [{ importedAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    runs: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeRunsCursor({ importedAt: last.importedAt.toISOString(), id: last.id }) : null,
  };
}

export async function getRun(runId: string): Promise<RunDetail | null> {
  const r = await prisma().run.findUnique({ where: { id: runId } });
  if (!r) return null;
  const best = r.bestProgramId
    ? await prisma().program.findUnique({ where: { id: r.bestProgramId }, select: { externalId: true } })
    : null;
  return {
    ...toSummary(r),
    edgeCount: r.edgeCount,
    islandCount: r.islandCount,
    bestProgramId: r.bestProgramId,
    bestProgramExternalId: best?.externalId ?? null,
    bestIteration: r.bestIteration,
    metricKeys: r.metricKeys,
    sourceKind: r.sourceKind,
    sourcePath: r.sourcePath,
    evaluatorCommand: r.evaluatorCommand,
    modelConfig: r.modelConfig,
    importReport: r.importReport,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What a request needs to know to pick a metric. */
export async function getRunMetricInfo(runId: string) {
  return prisma().run.findUnique({
    where: { id: runId },
    select: { id: true, metricKeys: true, scoreMetric: true, higherIsBetter: true },
  });
}

/**
 * Every program's value of one metric, in canonical order (seq), as columns, in one query:
 * the JSON text of a `Points` (lib/api/points.ts). PostgreSQL writes the JSON itself, which
 * for 100k programs is about twice as fast as parsing arrays into JS and stringifying again.
 * x is programs.iteration, the effective iteration (lib/trace/order.ts), as for every "over
 * iterations" view. For the run's score metric the stored score is used, as lib/db/analyses.ts
 * does for the best-so-far curve, so dots and curve agree.
 */
export async function getRunPointsJson(runId: string, metric: string, primary: boolean): Promise<string> {
  const value = primary
    ? 'score'
    : `CASE WHEN jsonb_typeof(metrics -> $2::text) = 'number' THEN (metrics ->> $2::text)::float8 END`;
  const { rows } = await pool().query<{ json: string }>(
    `WITH p AS (
       SELECT seq, valid, id::text AS id, coalesce(iteration, 0) AS iteration, ${value} AS value
       FROM programs WHERE run_id = $1)
     SELECT json_build_object(
              'metric', $2::text,
              'count', count(*),
              'seq', coalesce(json_agg(seq ORDER BY seq), '[]'::json),
              'iteration', coalesce(json_agg(iteration ORDER BY seq), '[]'::json),
              'value', coalesce(json_agg(value ORDER BY seq), '[]'::json),
              'valid', coalesce(json_agg(valid ORDER BY seq), '[]'::json),
              'id', coalesce(json_agg(id ORDER BY seq), '[]'::json))::text AS json
     FROM p`,
    [runId, metric],
  );
  return rows[0].json;
}
