// A program's evaluations: what the trace recorded and what Evoscope's re-runs gave (newest
// first), for the program page's "Re-run" comparison and GET .../programs/[programId]/evaluations.
import type { ProgramEvaluation, ProgramEvaluations } from '../contracts/api/evaluations';
import { pool, prisma } from './client';

type Row = {
  id: string; kind: 'recorded' | 'rerun'; status: string; score: number | null; public_metrics: unknown; private_metrics: unknown;
  test_set: 'public' | 'private' | null; sandbox_status: string | null; output: string | null; errors: string | null;
  wall_ms: number | null; timing_ms: number | null; cpu_ms: number | null; peak_memory_kb: number | null;
  evaluator_version: number | null; batch_id: string | null; created_at: Date;
};

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function evaluationOf(r: Row): ProgramEvaluation {
  return {
    id: r.id, kind: r.kind, status: r.status, score: r.score,
    metrics: asRecord(r.test_set === 'private' ? r.private_metrics : r.public_metrics),
    testSet: r.test_set, sandboxStatus: r.sandbox_status, output: r.output, errors: r.errors,
    wallMs: r.wall_ms ?? r.timing_ms, cpuMs: r.cpu_ms, peakMemoryKb: r.peak_memory_kb,
    evaluatorVersion: r.evaluator_version, batchId: r.batch_id, createdAt: r.created_at.toISOString(),
  };
}

/** Null when the program is not in the run. */
export async function getProgramEvaluations(runId: string, programId: string, opts: { reruns?: number } = {}): Promise<ProgramEvaluations | null> {
  const [program, run] = await Promise.all([
    prisma().program.findFirst({ where: { id: programId, runId }, select: { score: true, metrics: true } }),
    prisma().run.findUnique({ where: { id: runId }, select: { scoreMetric: true, higherIsBetter: true } }),
  ]);
  if (!program || !run) return null;
  const { rows } = await pool().query<Row>(
    `SELECT ev.id::text, ev.kind, ev.status, ev.score, ev.public_metrics, ev.private_metrics, ev.test_set, ev.sandbox_status,
            ev.output, ev.errors, ev.wall_ms, ev.timing_ms, ev.cpu_ms, ev.peak_memory_kb, e.version AS evaluator_version,
            ev.batch_id, ev.created_at
     FROM evaluations ev LEFT JOIN evaluators e ON e.id = ev.evaluator_id
     WHERE ev.program_id = $1
     ORDER BY (ev.kind = 'recorded') DESC, CASE WHEN ev.kind = 'recorded' THEN ev.id END, ev.created_at DESC, ev.id DESC`,
    [programId],
  );
  const all = rows.map(evaluationOf);
  return {
    programId,
    scoreMetric: run.scoreMetric,
    higherIsBetter: run.higherIsBetter,
    recorded: { score: program.score, metrics: asRecord(program.metrics) },
    recordedEvaluations: all.filter((e) => e.kind === 'recorded'),
    reruns: all.filter((e) => e.kind === 'rerun').slice(0, opts.reruns ?? 20),
  };
}
