// The 'aux' experiment (issue 13, item 3): a diagnosis's auxiliary_metrics.py run in the sandbox
// on every program of the run (lib/services/diagnosis/auxHarness.ts says what the script sees), then the
// seed's Trivial Metric Test over the values (lib/diagnosis/trivialMetric.ts), written into the
// diagnosis's report and the experiment's result.
//
// The record is aux_metric_values (one row per diagnosis and program), not experiment_calls: a
// program with a row is done, so a resumed or repeated run skips it. Programs are read in
// batches by seq, those without a row only, so no whole-run source array is ever held; each
// batch runs ctx.concurrency sandboxes at once and is stored before the next is read. A cancel
// or shutdown aborts the running sandboxes, whose results are dropped (they are not the
// script's), so the programs run again on resume.
import { auxParamsSchema, type AuxExperimentReport, type AuxParams, type TrivialMetric } from '../../trace/diagnosis';
import type { AuxProgram } from '../diagnosis/auxHarness';
import { runAuxScript } from '../diagnosis/runAux';
import { metricNamesOf, trivialMetricTest } from '../../diagnosis/trivialMetric';
import { ExperimentFailure, type ExperimentContext } from '../../interventions/context';
import { pool } from '../../db/client';
import { auxCounts, auxTestRows, getDiagnosis, patchDiagnosisReport, upsertAuxValues, type NewAuxValue } from '../../db/diagnoses';
import { setExperimentCounts } from '../../db/experiments';

type ProgramRow = AuxProgram & { id: string; seq: number; externalId: string };

/** Programs of the run after `afterSeq` that have no aux value of this diagnosis yet, in order. */
async function nextBatch(runId: string, diagnosisId: string, afterSeq: number, limit: number): Promise<ProgramRow[]> {
  const { rows } = await pool().query<{
    id: string; seq: number; external_id: string; content: string; language: string | null; generation: number | null;
    iteration: number | null; score: number | null; metrics: Record<string, unknown> | null;
  }>(
    `SELECT p.id, p.seq, p.external_id, b.content, coalesce(p.language, r.language, 'python') AS language, p.generation, p.iteration, p.score, p.metrics
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha JOIN runs r ON r.id = p.run_id
     WHERE p.run_id = $1 AND p.seq > $3
       AND NOT EXISTS (SELECT 1 FROM aux_metric_values a WHERE a.diagnosis_id = $2 AND a.program_id = p.id)
     ORDER BY p.seq LIMIT $4`,
    [runId, diagnosisId, afterSeq, limit],
  );
  return rows.map((r) => ({
    id: r.id, seq: r.seq, externalId: r.external_id, source: r.content, language: r.language ?? 'python', generation: r.generation,
    iteration: r.iteration, score: r.score, metrics: r.metrics && typeof r.metrics === 'object' && !Array.isArray(r.metrics) ? r.metrics : null,
  }));
}

/** Runs fn over items, at most `limit` at once, results in the items' order. */
async function pooled<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

export async function runAuxExperiment(ctx: ExperimentContext<AuxParams>): Promise<AuxExperimentReport> {
  const params = auxParamsSchema.parse(ctx.params);
  const diagnosis = await getDiagnosis(ctx.run.id, params.diagnosisId);
  if (!diagnosis) throw new ExperimentFailure(`diagnosis ${params.diagnosisId} is not in run ${ctx.run.name}`);
  if (!diagnosis.auxScriptSha) throw new ExperimentFailure(`diagnosis at generation ${diagnosis.triggerGeneration} has no auxiliary_metrics.py`);
  const script = await ctx.getBlob(diagnosis.auxScriptSha);
  if (script === null) throw new ExperimentFailure(`the auxiliary_metrics.py of diagnosis at generation ${diagnosis.triggerGeneration} is missing from storage`);

  const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM programs WHERE run_id = $1', [ctx.run.id]);
  const programs = rows[0].n;
  const report = (counts: { done: number; failed: number }, metricNames: string[] = [], trivialMetrics: TrivialMetric[] = []): AuxExperimentReport => ({
    kind: 'aux', diagnosisId: diagnosis.id, programs, ok: counts.done - counts.failed, failed: counts.failed, metricNames, trivialMetrics,
  });
  let counts = await auxCounts(diagnosis.id);
  await setExperimentCounts(ctx.experimentId, counts);
  await ctx.progress({ total: programs, phase: `auxiliary_metrics.py on ${programs - counts.done} programs (${counts.done} stored before)`, result: report(counts) });

  const batchSize = Math.max(8, ctx.concurrency * 4);
  let afterSeq = -1;
  for (;;) {
    if (ctx.signal.aborted) return report(counts);
    const batch = await nextBatch(ctx.run.id, diagnosis.id, afterSeq, batchSize);
    if (!batch.length) break;
    afterSeq = batch[batch.length - 1].seq;
    const outcomes = await pooled(batch, ctx.concurrency, async (p) => {
      if (ctx.signal.aborted) return null;
      const o = await runAuxScript(
        { script, program: p, scoreMetric: ctx.run.scoreMetric, timeoutSeconds: params.timeoutSeconds, evaluatorFiles: ctx.evaluator.files, programFile: ctx.evaluator.programFile },
        { signal: ctx.signal },
      );
      // A run cut short by the cancel says nothing about the script: not stored, run again on resume.
      return ctx.signal.aborted ? null : o;
    });
    const values: NewAuxValue[] = [];
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if (o) values.push({ programId: p.id, status: o.status, values: o.values, error: o.error, wallMs: o.wallMs });
      if (o && o.status !== 'ok') ctx.log(`${p.externalId}: ${o.status}: ${(o.error ?? '').split('\n')[0]}`);
    });
    await upsertAuxValues(pool(), ctx.run.id, diagnosis.id, values);
    counts = await auxCounts(diagnosis.id);
    await setExperimentCounts(ctx.experimentId, counts);
    await ctx.progress({ phase: `auxiliary_metrics.py: ${counts.done} of ${programs} programs (${counts.failed} failed)`, result: report(counts) });
  }

  await ctx.progress({ phase: 'the trivial metric test' });
  const testRows = await auxTestRows(ctx.run.id, diagnosis.id);
  const metricNames = metricNamesOf(testRows);
  const trivialMetrics = trivialMetricTest(testRows, metricNames);
  await patchDiagnosisReport(diagnosis.id, { auxMetricNames: metricNames, trivialMetrics });
  const trivial = trivialMetrics.filter((m) => m.trivial).map((m) => m.name);
  ctx.log(`${counts.done} programs, ${counts.failed} failed; metrics ${metricNames.join(', ') || '(none)'}; trivial: ${trivial.join(', ') || 'none'}`);
  return report(counts, metricNames, trivialMetrics);
}
