// The 'tune' experiment's runner (issue 11, the paper's §5.4 and B.9): find the program's knobs,
// rewrite it with a top-level PARAMS block, check that the rewrite with its defaults scores
// exactly what the program scored, then search the knobs with Bayesian optimisation and report
// the tuning ceiling and gap (lib/interventions/tune/report.ts).
//
// Calls (experiment_calls.idx):
//   0        phase 'check': the rewrite with the defaults. input { knobs, knobSource, params };
//            facts { originalScore, originalFrom: 'recorded' | 'evaluated', reproduces }. When the
//            program has no recorded score its source is evaluated in the same call (the result in
//            facts.original), so the layout stays 0..calls whatever the program.
//   1..calls the search: input { params }, phase 'default' (call 1: the defaults, so the ceiling
//            is at least the original), then 'random', then 'guided' (suggestNext says which).
// Resume: the knobs come back from call 0 and the optimiser's history from the stored calls;
// suggestNext is a pure function of (space, history, seed), so a restarted experiment asks for
// the same next point and never repeats a finished call.
import { initParsers } from '../../analysis/treeSitter';
import { suggestNext, type BoDimension, type BoObservation } from '../../interventions/bo/suggest';
import { ExperimentFailure, knobLanguage, type ExperimentContext } from '../../interventions/context';
import { proposeKnobsWithLlm } from './knobsLlm';
import { findKnobsOffline } from '../../interventions/knobs/offline';
import { parameterise } from '../../interventions/knobs/rewrite';
import { buildTuneReport, objectiveOf, type SearchCall } from '../../interventions/tune/report';
import { knobSchema, tuneParamsSchema, type CallOutcome, type Knob, type KnobLanguage, type TunePhase, type TuneParams, type TuneReport } from '../../contracts/interventionTypes';
import type { EvaluationOutcome } from '../../contracts/evaluatorTypes';
import { loadLlmSettings } from '../llmSettings';
import { LLM_NOT_CONFIGURED } from '../../db/judgeBatches';
import type { NewCall, StoredCall } from '../../contracts/interventionTypes';

type Found = { knobs: Knob[]; llm: Record<string, unknown> | null; excluded: number };

async function findKnobs(ctx: ExperimentContext<TuneParams>, language: KnobLanguage, source: 'offline' | 'llm'): Promise<Found> {
  if (source === 'offline') {
    const p = findKnobsOffline(ctx.program.source, language);
    return { knobs: p.knobs, llm: null, excluded: p.excluded.length };
  }
  const settings = await loadLlmSettings().catch((e: unknown) => {
    throw new ExperimentFailure(e instanceof Error ? e.message : String(e));
  });
  if (!settings) throw new ExperimentFailure(`the LLM knob finder needs an LLM: ${LLM_NOT_CONFIGURED}`);
  const p = await proposeKnobsWithLlm(ctx.program.source, language, { settings, signal: ctx.signal });
  return { knobs: p.knobs, llm: { model: settings.model, usage: p.usage, dropped: p.dropped ?? [] }, excluded: 0 };
}

const outcomeFields = (o: EvaluationOutcome): Pick<NewCall, 'status' | 'score' | 'metrics' | 'sandboxStatus' | 'wallMs' | 'output' | 'errors'> => ({
  status: o.status,
  score: o.status === 'ok' ? o.score : null,
  metrics: o.metrics,
  sandboxStatus: o.sandboxStatus,
  wallMs: o.wallMs,
  output: o.stdout,
  errors: [o.message, o.stderr].filter(Boolean).join('\n') || null,
});

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? 'no score' : String(x));
const roundInts = (space: BoDimension[], point: Record<string, number>) =>
  Object.fromEntries(space.map((d) => [d.name, d.type === 'int' ? Math.round(point[d.name]) : point[d.name]]));

export async function runTuneExperiment(ctx: ExperimentContext<TuneParams>): Promise<TuneReport> {
  const params = tuneParamsSchema.parse(ctx.params);
  const { program, run } = ctx;
  const language = knobLanguage(program.language);
  if (!language) throw new ExperimentFailure(`tuning needs Python or C++: program ${program.externalId} is ${program.language}`);
  const total = params.calls + 1;
  await ctx.progress({ total, phase: 'finding knobs' });
  await initParsers(); // the offline finder and the rewrite read the syntax tree

  // The knobs: those the check call stored (a resumed experiment tunes what it started with),
  // else the request's list, else found now.
  let check = ctx.stored.get(0);
  let found: Found;
  if (check) found = { knobs: knobSchema.array().parse(check.input.knobs), llm: check.llm, excluded: 0 };
  else if (params.knobs) found = { knobs: params.knobs, llm: null, excluded: 0 };
  else found = await findKnobs(ctx, language, params.knobSource);
  const { knobs } = found;
  if (!knobs.length) {
    throw new ExperimentFailure(
      params.knobs || check
        ? 'no knobs to tune: the list is empty'
        : `no knobs found in program ${program.externalId} by the ${params.knobSource} finder` +
            (found.excluded ? ` (${found.excluded} numeric literal(s) excluded by its rules)` : '') +
            (params.knobSource === 'offline' ? ': give the knobs yourself or ask the LLM finder' : ''),
    );
  }
  let rewrite: ReturnType<typeof parameterise>;
  try {
    rewrite = parameterise(program.source, language, knobs, { style: params.style });
  } catch (e) {
    throw new ExperimentFailure(`the PARAMS rewrite of program ${program.externalId} failed: ${(e as Error).message}`);
  }
  const rewriteSha = await ctx.putBlob(rewrite.source);
  const defaults = Object.fromEntries(knobs.map((k) => [k.name, k.value]));

  // Call 0: the rewrite with its defaults must score exactly what the program scored.
  if (!check) {
    await ctx.progress({ phase: `call 0 of ${params.calls} · checking the rewrite` });
    const o = await ctx.evaluate(rewrite.source);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    let originalScore = program.score;
    let original: Record<string, unknown> | null = null;
    if (originalScore === null) {
      const oo = await ctx.evaluate(program.source);
      if (ctx.signal.aborted) throw ctx.signal.reason;
      originalScore = oo.status === 'ok' ? oo.score : null;
      original = { status: oo.status, score: oo.score, message: oo.message ?? null, wallMs: oo.wallMs };
    }
    const fields = outcomeFields(o);
    const call: NewCall = {
      idx: 0,
      phase: 'check',
      input: { knobs, knobSource: params.knobs ? 'user' : params.knobSource, params: defaults },
      sourceSha: rewriteSha,
      llm: found.llm,
      ...fields,
      facts: {
        originalScore,
        originalFrom: program.score === null ? 'evaluated' : 'recorded',
        original,
        reproduces: originalScore !== null && fields.status === 'ok' && fields.score === originalScore,
      },
    };
    await ctx.storeCall(call);
    check = { ...call, createdAt: new Date().toISOString() } as StoredCall;
  }
  const originalScore = (check.facts?.originalScore ?? null) as number | null;
  const rewriteScore = check.status === 'ok' ? check.score : null;
  if (originalScore === null) {
    throw new ExperimentFailure(
      `program ${program.externalId} has no recorded score and its evaluation gave none: there is nothing the rewrite can be checked against`,
    );
  }
  if (rewriteScore !== originalScore) {
    throw new ExperimentFailure(
      `the PARAMS rewrite does not reproduce the program's score: the program scored ${fmt(originalScore)}, the rewrite with its defaults ` +
        `${check.status === 'ok' ? fmt(rewriteScore) : `failed (${check.status})`}; the rewrite changed the program, so it is not tuned`,
    );
  }

  // Calls 1..calls: the search.
  const space: BoDimension[] = knobs.map((k) => ({ name: k.name, low: k.low, high: k.high, scale: k.scale, type: k.type }));
  const history: BoObservation[] = [];
  const searched: SearchCall[] = [];
  const shas = new Map<number, string | null>();
  const report = () =>
    buildTuneReport({
      language, knobs, higherIsBetter: run.higherIsBetter, originalScore, rewriteScore, calls: searched, runFinalBest: run.bestScore,
      rewriteSha, shaOf: (i) => shas.get(i) ?? null,
    });
  for (let idx = 1; idx <= params.calls; idx++) {
    type Done = Pick<StoredCall, 'phase' | 'input' | 'status' | 'score'> & { sourceSha?: string | null };
    let c: Done | undefined = ctx.stored.get(idx);
    if (!c) {
      if (ctx.signal.aborted) return report();
      const next = suggestNext(space, history, { seed: params.seed, initialRandom: params.initialRandom, defaults });
      const values = roundInts(space, next.point);
      const source = rewrite.render(values);
      const sourceSha = await ctx.putBlob(source);
      await ctx.progress({ phase: `call ${idx} of ${params.calls} · ${next.phase}`, result: report() });
      const o = await ctx.evaluate(source);
      // An evaluation cut short by a cancel or a shutdown is not a result: not stored, run again on resume.
      if (ctx.signal.aborted) return report();
      const call: NewCall = { idx, phase: next.phase, input: { params: values }, sourceSha, ...outcomeFields(o) };
      await ctx.storeCall(call);
      c = call;
      ctx.log(`call ${idx}/${params.calls} (${next.phase}): ${o.status} ${fmt(o.score)}`);
    }
    const point = c.input.params as Record<string, number>;
    const status = c.status as CallOutcome['status'];
    history.push({ point, value: objectiveOf(c.score, status, run.higherIsBetter) });
    searched.push({ idx, phase: c.phase as TunePhase, params: point, status, score: c.score });
    shas.set(idx, c.sourceSha ?? null);
  }
  const final = report();
  await ctx.progress({ phase: null, result: final });
  return final;
}
