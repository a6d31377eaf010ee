// Run queries for the web app: one run and the columnar score points. The runs list is in
// runList.ts, renaming, tagging and deleting in runEdit.ts.
import type { Run } from './generated/client';
import { pool, prisma } from './client';
import type { RunDetail, RunSummary } from '../contracts/api/runs';
import { runOrigin } from '../contracts/runOrigin';

type SummaryFields = Pick<
  Run,
  | 'id' | 'name' | 'framework' | 'task' | 'language' | 'status' | 'programCount' | 'invalidCount' | 'unevaluatedCount' | 'rejectedCount'
  | 'bestScore' | 'scoreMetric' | 'higherIsBetter' | 'lastIteration' | 'importedAt' | 'tags' | 'importJobId'
  | 'costTotal' | 'costBasis' | 'inputTokens' | 'outputTokens' | 'tokensBasis' | 'sourceKind'
> & {
  /** The run's import job (its kind and name say where the run came from); null: none. */
  importJob: { kind: string; sourceName: string } | null;
};

/** What a Prisma query on runs includes for toSummary. */
export const SUMMARY_INCLUDE = { importJob: { select: { kind: true, sourceName: true } } } as const;

const basis = (b: string | null) => (b === 'counters' || b === 'contexts' ? b : null);

export function toSummary(r: SummaryFields): RunSummary {
  return {
    id: r.id,
    name: r.name,
    framework: r.framework,
    task: r.task,
    language: r.language,
    status: r.status,
    programCount: r.programCount,
    invalidCount: r.invalidCount,
    unevaluatedCount: r.unevaluatedCount,
    rejectedCount: r.rejectedCount,
    // Rejected programs are stored invalid but counted apart (runs.rejected_count): not valid either.
    validShare: r.programCount > 0 ? (r.programCount - r.invalidCount - r.unevaluatedCount - r.rejectedCount) / r.programCount : null,
    costTotal: r.costTotal,
    costBasis: basis(r.costBasis),
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    totalTokens: r.inputTokens == null && r.outputTokens == null ? null : (r.inputTokens ?? 0) + (r.outputTokens ?? 0),
    tokensBasis: basis(r.tokensBasis),
    bestScore: r.bestScore,
    scoreMetric: r.scoreMetric,
    higherIsBetter: r.higherIsBetter,
    lastIteration: r.lastIteration,
    importedAt: r.importedAt.toISOString(),
    tags: r.tags ?? [],
    importJobId: r.importJobId,
    origin: runOrigin({ importKind: r.importJob?.kind ?? null, importSource: r.importJob?.sourceName ?? null, sourceKind: r.sourceKind }),
  };
}

export async function getRun(runId: string): Promise<RunDetail | null> {
  const r = await prisma().run.findUnique({ where: { id: runId }, include: SUMMARY_INCLUDE });
  if (!r) return null;
  const [best, strategyCount] = await Promise.all([
    r.bestProgramId ? prisma().program.findUnique({ where: { id: r.bestProgramId }, select: { externalId: true } }) : null,
    prisma().strategy.count({ where: { runId } }),
  ]);
  return {
    ...toSummary(r),
    edgeCount: r.edgeCount,
    islandCount: r.islandCount,
    bestProgramId: r.bestProgramId,
    bestProgramExternalId: best?.externalId ?? null,
    bestIteration: r.bestIteration,
    strategyCount,
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
 * the JSON text of a `Points` (lib/contracts/api/points.ts). PostgreSQL writes the JSON itself, which
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
