// The 'replay' experiment's runner (issue 11, the paper's §4 and Table 3): re-send the stored
// prompt that produced a program, N times per variant, to the configured (or a substituted)
// model; read each reply as the source framework would (lib/interventions/replay/parse.ts),
// apply it to the parent, evaluate the result in the sandbox, and report per variant.
// Plan: variants x n trials, idx = variantIndex * n + trial. Each finished trial is stored with
// its request and reply (blobs), the LLM usage and its facts (ReplayTrialFacts): a resumed
// replay asks the model again only for the trials it has not stored. An LLM that refuses the
// request (bad key, unknown model: 4xx) ends the experiment with its reason; an LLM that still
// fails after the client's retries (timeouts, 5xx) counts as a failed trial.
import { ExperimentFailure, type ExperimentContext } from '../../interventions/context';
import { applyReply } from '../../interventions/replay/parse';
import { lineageDeletions } from '../../interventions/replay/deletionHistory';
import { summariseVariants, trialFacts, type Reference } from '../../interventions/replay/summary';
import { buildVariant, type VariantPrompt } from '../../interventions/replay/variants';
import { replayParamsSchema, type ReplayParams, type ReplayReport, type ReplayTrialFacts } from '../../contracts/interventionTypes';
import { chatText, LlmAbortedError } from '../../llm/client';
import { loadLlmSettings } from '../llmSettings';
import type { LlmSettings } from '../../contracts/llmTypes';
import type { EvaluationOutcome } from '../../contracts/evaluatorTypes';
import { closestByScore, firstParentChain, loadSource, loadStoredContext } from '../../db/replayData';

/** Programs swapped in by alternate_context (OpenEvolve shows a few top programs). */
const ALTERNATES = 3;

export const NO_PROMPT = 'this program has no stored prompt (its source kept no LLM context for it), so there is nothing to replay';
export const NO_LLM =
  'no LLM is configured: set a base URL and a model on Settings · LLM, or the EVOSCOPE_LLM_BASE_URL and EVOSCOPE_LLM_MODEL environment variables (EVOSCOPE_LLM_API_KEY for a key)';

/** The configured LLM, or the experiment fails with what to configure (settings unreadable, none set). */
export async function experimentLlmSettings(): Promise<LlmSettings> {
  let settings;
  try {
    settings = await loadLlmSettings();
  } catch (e) {
    throw new ExperimentFailure((e as Error).message);
  }
  if (!settings) throw new ExperimentFailure(NO_LLM);
  return settings;
}

function scoreOf(outcome: EvaluationOutcome, metric: string | null): number | null {
  const m = metric ? outcome.metrics[metric] : undefined;
  if (typeof m === 'number' && Number.isFinite(m)) return m;
  return outcome.score !== null && Number.isFinite(outcome.score) ? outcome.score : null;
}

export async function runReplayExperiment(ctx: ExperimentContext<ReplayParams>): Promise<ReplayReport> {
  const params = replayParamsSchema.parse(ctx.params ?? {});
  const { program, run } = ctx;
  const prompt = await loadStoredContext(program.id);
  if (!prompt) throw new ExperimentFailure(NO_PROMPT);
  const parentId = program.parentIds[0];
  const parent = parentId ? await loadSource(parentId) : null;
  if (!parent) throw new ExperimentFailure('this program has no parent in the run to apply the replies to');
  const settings = await experimentLlmSettings();
  const model = params.model ?? settings.model;

  const alternates =
    params.variants.includes('alternate_context') && parent.score !== null
      ? (await closestByScore(run.id, parent.score, [program.id, parent.id], ALTERNATES)).map((p) => ({ score: p.score, source: p.source }))
      : [];
  const deletedLines = params.variants.includes('deletion_history') ? lineageDeletions(await firstParentChain(parent.id), program.language) : [];
  const builds: VariantPrompt[] = params.variants.map((v) =>
    buildVariant(v, prompt, { language: program.language, alternates, deletedLines, customSystem: params.customSystem, customUser: params.customUser }),
  );

  const n = params.n;
  const total = builds.length * n;
  const ref: Reference = { originalSource: program.source, originalScore: program.score, parentScore: parent.score, higherIsBetter: run.higherIsBetter };
  const facts = new Map<number, ReplayTrialFacts>();
  for (const [idx, c] of ctx.stored) if (c.facts) facts.set(idx, c.facts as unknown as ReplayTrialFacts);
  const report = (): ReplayReport => ({
    kind: 'replay',
    model,
    originalScore: program.score,
    parentScore: parent.score,
    framework: run.framework,
    variants: summariseVariants(params.variants, [...facts.values()], program.score),
    notes: builds.map((b) => ({ variant: b.variant, changed: b.changed, note: b.note })),
  });
  await ctx.progress({ total, phase: `replaying ${builds.length} variant(s) x ${n} trial(s) with ${model}`, result: report() });

  const todo: number[] = [];
  for (let idx = 0; idx < total; idx++) if (!ctx.stored.has(idx)) todo.push(idx);
  let refused: string | null = null;

  const runTrial = async (idx: number) => {
    const b = builds[Math.floor(idx / n)];
    const trial = idx % n;
    const request = { model, ...(params.temperature !== undefined ? { temperature: params.temperature } : {}), messages: b.messages };
    const requestSha = await ctx.putBlob(JSON.stringify(request, null, 1));
    let r;
    try {
      r = await chatText(settings, { messages: b.messages, model, temperature: params.temperature, signal: ctx.signal });
    } catch (e) {
      if (e instanceof LlmAbortedError || ctx.signal.aborted) return;
      throw e;
    }
    if (!r.ok && r.kind === 'refused') {
      refused = `the LLM refused the request: ${r.reason}`;
      return;
    }
    const llm = { model: r.ok ? r.model : model, attempts: r.attempts, ...r.usage, ...(r.ok ? {} : { failure: r.kind, reason: r.reason }) };
    const input = { variant: b.variant, trial, model, mode: b.mode };
    if (!r.ok) {
      const f = trialFacts({ variant: b.variant, trial, source: null, format: null, parseError: `no reply: ${r.reason}`, score: null }, ref);
      await ctx.storeCall({ idx, phase: b.variant, input, requestSha, llm, status: 'llm-error', score: null, errors: r.reason, facts: f as unknown as Record<string, unknown> });
      facts.set(idx, f);
      return;
    }
    const responseSha = await ctx.putBlob(r.text);
    const applied = applyReply(parent.source, r.text, run.framework, { mode: b.mode, language: program.language });
    if (!applied.ok) {
      const f = trialFacts({ variant: b.variant, trial, source: null, format: null, parseError: applied.error, score: null }, ref);
      await ctx.storeCall({ idx, phase: b.variant, input, requestSha, responseSha, llm, status: 'not-run', score: null, errors: applied.error, facts: f as unknown as Record<string, unknown> });
      facts.set(idx, f);
      return;
    }
    const sourceSha = await ctx.putBlob(applied.source);
    const outcome = await ctx.evaluate(applied.source, program.language);
    if (ctx.signal.aborted) return; // a cancelled sandbox is not a result
    const score = outcome.status === 'ok' ? scoreOf(outcome, run.scoreMetric) : null;
    const f = trialFacts({ variant: b.variant, trial, source: applied.source, format: applied.format, score }, ref);
    await ctx.storeCall({
      idx, phase: b.variant, input, sourceSha, requestSha, responseSha, llm, status: outcome.status, score,
      metrics: outcome.metrics, sandboxStatus: outcome.sandboxStatus, wallMs: outcome.wallMs, output: outcome.stdout,
      errors: [outcome.message, outcome.stderr].filter(Boolean).join('\n') || null, facts: f as unknown as Record<string, unknown>,
    });
    facts.set(idx, f);
  };

  // Up to ctx.concurrency trials at once (each: one LLM call, then one sandbox), taken in plan order.
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !ctx.signal.aborted && refused === null) {
      const idx = todo[next++];
      await runTrial(idx);
      await ctx.progress({ phase: `${facts.size} of ${total} trials done`, result: report() });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(ctx.concurrency, todo.length)) }, worker));
  if (refused) throw new ExperimentFailure(refused);
  return report();
}
