// The 'ablate' experiment's runner (issue 11 item 3): for a child that improved on its parent,
// evaluate the child with each hunk of the edit undone on its own (and each function the edit
// touched, for Python and C++), and the parent itself as a sanity check, then say which change
// carried the gain, which was neutral and which hurt (lib/interventions/ablation), beside the
// edit's taxonomy labels. The child's score is its recorded one; a child without one is
// evaluated too (one more call, after the variants), so the verdicts always compare like with like.
import { initParsers } from '../../analysis/treeSitter';
import { ablationVariants, type AblationVariantPlan } from '../../interventions/ablation/variants';
import { ablationTolerance, ablationVerdict, contributionOf } from '../../interventions/ablation/verdict';
import { ExperimentFailure, knobLanguage, type ExperimentContext } from '../../interventions/context';
import type { AblateParams, AblationReport, AblationVariant, CallOutcome } from '../../contracts/interventionTypes';
import { pool } from '../../db/client';
import type { StoredCall } from '../../contracts/interventionTypes';
import { programJudgements } from '../../db/judgements';

interface Parent {
  id: string;
  externalId: string;
  source: string;
  score: number | null;
}

async function loadParent(runId: string, id: string): Promise<Parent | null> {
  const { rows } = await pool().query<{ id: string; external_id: string; content: string; score: number | null }>(
    'SELECT p.id, p.external_id, b.content, p.score FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.id = $1 AND p.run_id = $2',
    [id, runId],
  );
  const r = rows[0];
  return r ? { id: r.id, externalId: r.external_id, source: r.content, score: r.score } : null;
}

/** The edit's labels: an LLM judge's when one judged this very edit, else the offline judge's. */
async function editLabels(runId: string, childId: string, parentId: string): Promise<{ labels: string[]; judge: string | null }> {
  const all = await programJudgements(runId, childId);
  const judged = (all?.judgements ?? []).filter((j) => j.status === 'judged' && (j.parentId === null || j.parentId === parentId));
  const pick = judged.find((j) => j.kind === 'llm') ?? judged.find((j) => j.kind === 'offline');
  return pick ? { labels: pick.labels, judge: pick.judge } : { labels: [], judge: null };
}

type Result = Pick<StoredCall, 'status' | 'score'>;

export async function runAblateExperiment(ctx: ExperimentContext<AblateParams>): Promise<AblationReport> {
  const { program, run } = ctx;
  const parentId = ctx.params.parentId ?? program.parentIds[0];
  if (!parentId) throw new ExperimentFailure('this program has no parent to ablate against');
  const parent = await loadParent(run.id, parentId);
  if (!parent) throw new ExperimentFailure(`the parent ${parentId} is not a program of this run`);
  if (parent.source === program.source) throw new ExperimentFailure(`program ${program.externalId} has the same source as its parent ${parent.externalId}: there is no edit to ablate`);

  const language = knobLanguage(program.language);
  const functions = (ctx.params.functions ?? true) && language !== null;
  if (functions) await initParsers();
  const plans = ablationVariants(parent.source, program.source, functions ? language : null, { functions });
  const childIdx = program.score === null ? plans.length : null;
  const total = plans.length + (childIdx === null ? 0 : 1);
  const count = (u: AblationVariantPlan['unit']) => plans.filter((p) => p.unit === u).length;
  await ctx.progress({ total, phase: `ablating ${program.externalId} against ${parent.externalId}: ${count('hunk')} hunk(s), ${count('function')} function(s), the parent` });

  const results = new Map<number, Result>([...ctx.stored].map(([idx, c]) => [idx, { status: c.status, score: c.score }]));
  const jobs: { idx: number; source: string; phase: string; input: Record<string, unknown> }[] = plans.map((p, idx) => ({
    idx, source: p.source, phase: p.unit, input: { unit: p.unit, label: p.label, header: p.header, parentLines: p.parentLines, childLines: p.childLines },
  }));
  if (childIdx !== null) jobs.push({ idx: childIdx, source: program.source, phase: 'child', input: { unit: 'child', label: 'the child (it has no recorded score)' } });
  const todo = jobs.filter((j) => !ctx.stored.has(j.idx));

  const runOne = async (job: (typeof jobs)[number]) => {
    const o = await ctx.evaluate(job.source, program.language);
    // A sandbox stopped by a cancel or a shutdown is no result: leave the call for the resume.
    if (ctx.signal.aborted) return;
    const sourceSha = await ctx.putBlob(job.source);
    await ctx.storeCall({
      idx: job.idx, phase: job.phase, input: job.input, sourceSha, status: o.status, score: o.score, metrics: o.metrics,
      sandboxStatus: o.sandboxStatus, wallMs: o.wallMs, output: o.stdout, errors: o.stderr, facts: o.message ? { message: o.message } : null,
    });
    results.set(job.idx, { status: o.status, score: o.score });
    ctx.log(`${String(job.input.label)}: ${o.status}${o.score === null ? '' : `, score ${o.score}`} (${results.size}/${total})`);
  };
  const queue = todo.slice();
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, ctx.concurrency), queue.length) }, async () => {
      while (queue.length && !ctx.signal.aborted) await runOne(queue.shift()!);
    }),
  );

  const childScore = childIdx === null ? program.score : (results.get(childIdx)?.score ?? null);
  const wholeIdx = plans.findIndex((p) => p.unit === 'whole');
  const parentScore = parent.score ?? (wholeIdx >= 0 ? (results.get(wholeIdx)?.score ?? null) : null);
  const tolerance = ablationTolerance(parentScore, childScore);
  const variants: AblationVariant[] = plans.map((p, idx) => {
    const r = results.get(idx);
    const score = r?.score ?? null;
    const contribution = contributionOf(childScore, score, run.higherIsBetter);
    return {
      idx, unit: p.unit, label: p.label, header: p.header, parentLines: p.parentLines, childLines: p.childLines, score,
      status: (r?.status ?? 'not-run') as CallOutcome['status'], contribution, verdict: ablationVerdict(score, contribution, tolerance),
    };
  });
  const whole = variants.find((v) => v.unit === 'whole' || v.label.includes('= whole edit'));
  const parentReproduces = whole?.score != null && parent.score !== null ? Math.abs(whole.score - parent.score) <= tolerance : null;
  const { labels, judge } = await editLabels(run.id, program.id, parent.id);
  return { kind: 'ablate', parentId: parent.id, parentScore, childScore, tolerance, variants, labels, labelsJudge: judge, parentReproduces };
}
