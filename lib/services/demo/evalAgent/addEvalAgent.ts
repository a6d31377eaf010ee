// Gives a generated C++ demo run the eval agent's artifacts (issue 13, seed 001), as a ShinkaEvolve
// run with an eval agent would hold them: at each trigger iteration the agent diagnoses the best
// program since the previous trigger, measures it with its auxiliary_metrics.py (run for real in
// the sandbox), writes a four-part report whose numbers are those measurements and the run's own
// scores, and (first trigger) writes an agent candidate that is scored by the task's evaluator and
// joins the pool. From each trigger on, its script runs on every later valid program and the
// values are merged into the program's metrics ("Hook 3"). Deterministic: the triggers are fixed,
// the candidate is a rule applied to the diagnosed code, every measurement is cached by content.
import crypto from 'node:crypto';
import type { DemoProgram, GeneratedRun } from '../scenario';
import type { ScoreProgram } from '../score';
import { AUX_SCRIPT_V1, AUX_SCRIPT_V2 } from './auxScripts';
import { agentReport, type TriggerFacts } from './reports';

/** Runs one auxiliary_metrics.py version on one C++ program: its metrics, or null when it failed. */
export type RunAux = (script: string, code: string) => Promise<Record<string, number> | null>;

/** The two triggers of the demo (K = 32 from iteration 96: the agent was switched on late, on a plateau). */
export const DEMO_TRIGGERS = [96, 128] as const;

const score = (p: DemoProgram) => (typeof p.metrics.combined_score === 'number' && !p.note.failed ? p.metrics.combined_score : null);
const MAX_ITERS = /const int MAX_ITERS = (\d+);/;

function bestOf(ps: DemoProgram[]): DemoProgram | null {
  let best: DemoProgram | null = null;
  for (const p of ps) if (score(p) != null && (!best || score(p)! > score(best)!)) best = p;
  return best;
}

/** A uuid from the run's seed and a label: the same run always gets the same candidate id. */
function stableUuid(seed: number, label: string): string {
  const h = crypto.createHash('sha256').update(`${seed}:${label}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The agent's code-level fix: four times the annealing budget (the report's direction). */
export function agentCandidateCode(code: string): string | null {
  const m = MAX_ITERS.exec(code);
  if (!m) return null;
  return code.replace(MAX_ITERS, `const int MAX_ITERS = ${Number(m[1]) * 4};  // eval agent: 4x the budget (the tour was still improving)`);
}

/**
 * Adds the candidate program and the aux metrics to `run` (in place) and returns the eval agent's
 * folder: path (relative to eval_agent_memory/) -> text.
 */
export async function addEvalAgent(run: GeneratedRun, runners: { score: ScoreProgram; aux: RunAux }): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const [t1, t2] = DEMO_TRIGGERS;
  const before = (t: number) => run.programs.filter((p) => p.iterationFound < t);
  const facts = async (t: number, from: number, script: string): Promise<TriggerFacts> => {
    const prior = before(t);
    const best = bestOf(prior)!;
    const diagnosed = bestOf(prior.filter((p) => p.iterationFound >= from)) ?? best;
    const reachedAt = prior.find((p) => score(p) === score(best))!.iterationFound;
    return {
      trigger: t, diagnosed, best, bestReachedAt: reachedAt,
      window: prior.filter((p) => p.iterationFound >= from).length,
      windowFailed: prior.filter((p) => p.iterationFound >= from && score(p) == null).length,
      maxIters: Number(MAX_ITERS.exec(diagnosed.code)?.[1] ?? NaN),
      measured: (await runners.aux(script, diagnosed.code)) ?? {},
    };
  };

  // Trigger 1: diagnosis, script v1, agent candidate.
  const f1 = await facts(t1, 0, AUX_SCRIPT_V1);
  const candCode = agentCandidateCode(f1.diagnosed.code);
  let candidate: DemoProgram | null = null;
  if (candCode) {
    const s = await runners.score(candCode, run.config.template);
    const island = typeof f1.diagnosed.metadata.island === 'number' ? (f1.diagnosed.metadata.island as number) : 0;
    const at = run.programs.findIndex((p) => p.iterationFound > t1);
    const prev = run.programs[(at < 0 ? run.programs.length : at) - 1];
    candidate = {
      id: stableUuid(run.config.seed, `agent-candidate-${t1}`),
      code: candCode,
      language: f1.diagnosed.language,
      parentId: f1.diagnosed.id,
      generation: f1.diagnosed.generation + 1,
      timestamp: prev.timestamp + 0.5,
      iterationFound: t1,
      metrics: s.metrics,
      metadata: { changes: 'eval agent candidate: MAX_ITERS x4', agent_candidate: true, island, parent_metrics: f1.diagnosed.metrics },
      prompts: null,
      artifactsJson: s.artifacts ? JSON.stringify(s.artifacts) : null,
      note: { iteration: t1, island, edit: 'agent', failed: s.failed },
    };
    run.programs.splice(at < 0 ? run.programs.length : at, 0, candidate);
    // It joins the pool: the first checkpoint saved after it holds it on its parent's island.
    const cp = run.checkpoints.find((c) => c.iteration >= t1);
    cp?.islands[Math.min(island, cp.islands.length - 1)].push(candidate.id);
  }
  files.set(`trigger_${t1}/diagnostic_report.md`, agentReport(f1, { candidate: candidate ? { program: candidate, code: candCode! } : null, previous: null }));
  files.set(`trigger_${t1}/auxiliary_metrics.py`, AUX_SCRIPT_V1);
  if (candCode) files.set(`trigger_${t1}/agent_candidate.cpp`, candCode);
  files.set(`trigger_${t1}/trigger.json`, JSON.stringify({ generation: t1, diagnosed: f1.diagnosed.id }, null, 2) + '\n');

  // Script v1 on every valid program from trigger 1 up to trigger 2, merged into its metrics.
  const runOn = async (ps: DemoProgram[], script: string) => {
    for (const p of ps) {
      if (score(p) == null) continue; // the framework runs it after a successful evaluation only
      const v = await runners.aux(script, p.code);
      if (v) p.metrics = { ...p.metrics, ...v };
    }
  };
  await runOn(run.programs.filter((p) => p.iterationFound >= t1 && p.iterationFound < t2), AUX_SCRIPT_V1);

  // Trigger 2: the agent sees the aux history since trigger 1 and its candidate's result.
  const f2 = await facts(t2, t1, AUX_SCRIPT_V2);
  const history = run.programs.filter((p) => p.iterationFound >= t1 && p.iterationFound < t2 && typeof p.metrics.tour_len_n1000 === 'number');
  const report2 = agentReport(f2, { candidate: candidate ? { program: candidate, code: candCode! } : null, previous: { facts: f1, history } });
  files.set(`trigger_${t2}/diagnostic_report.md`, report2);
  files.set(`trigger_${t2}/auxiliary_metrics.py`, AUX_SCRIPT_V2);
  files.set(`trigger_${t2}/trigger.json`, JSON.stringify({ generation: t2, diagnosed: f2.diagnosed.id }, null, 2) + '\n');
  await runOn(run.programs.filter((p) => p.iterationFound >= t2), AUX_SCRIPT_V2);

  // The framework's working copies (what its prompt builder reads): the newest trigger's.
  files.set('diagnostic_report.md', report2);
  files.set('auxiliary_metrics.py', AUX_SCRIPT_V2);
  return files;
}
