// The demo eval agent's diagnostic_report.md texts, in the seed's four-part format. Every number is
// a measurement (the aux script's run on the diagnosed program) or a fact of the run (scores,
// iterations, counts); the wording follows from them, nothing is made up to sound right.
import type { DemoProgram } from '../scenario';

export interface TriggerFacts {
  trigger: number;
  /** The best program since the previous trigger (else the best so far). */
  diagnosed: DemoProgram;
  best: DemoProgram;
  bestReachedAt: number;
  /** Programs since the previous trigger, and how many of them failed. */
  window: number;
  windowFailed: number;
  maxIters: number;
  /** What auxiliary_metrics.py measured on the diagnosed program. */
  measured: Record<string, number>;
}

const f4 = (x: number) => x.toFixed(4);
const short = (p: DemoProgram) => p.id.slice(0, 8);
const sc = (p: DemoProgram) => p.metrics.combined_score as number;
const ms = (v: number | undefined) => (v == null ? 'no time (the run failed)' : `${v.toFixed(1)} ms`);

export function agentReport(
  f: TriggerFacts,
  ctx: { candidate: { program: DemoProgram; code: string } | null; previous: { facts: TriggerFacts; history: DemoProgram[] } | null },
): string {
  const m = f.measured;
  const flat = f.trigger - f.bestReachedAt;
  const head = `# Diagnostic report, trigger at iteration ${f.trigger}\n\nDiagnosed: program ${short(f.diagnosed)} (combined_score ${f4(sc(f.diagnosed))}), the best of the ${f.window} programs since ${ctx.previous ? `the previous trigger (iteration ${ctx.previous.facts.trigger})` : 'the start'}.\n`;
  if (!ctx.previous) {
    const perPoint = Math.round(f.maxIters / 150);
    return `${head}
## Hypothesis
The best score, ${f4(sc(f.best))}, has not moved for ${flat} iterations (since iteration ${f.bestReachedAt}); ${f.windowFailed} of the ${f.window} programs failed to evaluate. The diagnosed program anneals for a fixed budget of MAX_ITERS = ${f.maxIters} moves, about ${perPoint} moves per point on the ~150-point public cases. The tour is still improving when the budget runs out, so the temperature retunes the search keeps trying cannot move the score.

## Experiment
Compiled ${short(f.diagnosed)}/main.cpp with g++ -O2 -std=gnu++17 and ran it on 1000 uniform points (seed 2026, auxiliary_metrics.py): it returned a tour of length ${m.tour_len_n1000 ?? 'none (wrong answer)'} in ${ms(m.runtime_ms_n1000)}.

## Verdict
Supported, not proven: the whole run on 1000 points takes ${ms(m.runtime_ms_n1000)}, far below the 2000 ms limit of a case, so time is not what bounds the tour; the move budget is. The experiment did not rerun with a larger budget.

## Direction
Raise MAX_ITERS from ${f.maxIters} to ${f.maxIters * 4}${ctx.candidate ? ' (agent_candidate.cpp is that change, entered into the pool)' : ''}. auxiliary_metrics.py now reports runtime_ms_n1000 and tour_len_n1000 on every generation: a longer budget should shorten tour_len_n1000 while runtime_ms_n1000 stays far below 2000 ms.
`;
  }
  const cand = ctx.candidate?.program;
  const cs = cand && !cand.note.failed ? sc(cand) : null;
  const beforeCand = ctx.previous.facts.best;
  const gain = cs != null ? cs - sc(beforeCand) : null;
  const lens = ctx.previous.history.map((p) => p.metrics.tour_len_n1000 as number);
  const r1 = m.runtime_ms_n1000;
  const r3 = m.runtime_ms_n3000;
  const ratio = r1 && r3 ? r3 / r1 : null;
  const quadratic = ratio != null && ratio > 6;
  return `${head}
## Hypothesis
${cand ? `The agent candidate ${short(cand)} (MAX_ITERS x4) scored ${cs == null ? 'nothing (it failed)' : f4(cs)} against ${f4(sc(beforeCand))} for the best before it (${gain == null ? 'no comparison' : `${gain >= 0 ? '+' : ''}${f4(gain)}`}).` : 'No agent candidate was written at the previous trigger.'} The best score is now ${f4(sc(f.best))}, reached at iteration ${f.bestReachedAt}. If the time to build the first tour grows quadratically with the number of points, large inputs are bound by construction, not by annealing.

## Experiment
Since iteration ${ctx.previous.facts.trigger}, ${lens.length} programs have tour_len_n1000 (from ${lens.length ? Math.min(...lens).toFixed(1) : '-'} to ${lens.length ? Math.max(...lens).toFixed(1) : '-'}). Ran ${short(f.diagnosed)}/main.cpp on 1000 and on 3000 uniform points: ${ms(r1)} and ${ms(r3)}${ratio != null ? `, a ratio of ${ratio.toFixed(1)}` : ''}.

## Verdict
${ratio == null ? 'Not decided: one of the runs failed.' : quadratic ? `Confirmed: 3 times the points took ${ratio.toFixed(1)} times as long, close to the 9 of a quadratic construction.` : `Refuted: 3 times the points took ${ratio.toFixed(1)} times as long, well below the 9 of a quadratic construction; the fixed annealing budget dominates the run time.`}

## Direction
${gain != null && gain > 0 ? `Keep the larger budget (+${f4(gain)}).` : 'The larger budget alone did not pay off: keep MAX_ITERS and change the moves instead.'} ${quadratic ? 'Replace the nearest-neighbour construction by a grid-bucketed one before spending more on annealing.' : 'Spend the budget on Or-opt moves (move a segment of 1-3 points) alongside the 2-opt reversals.'} auxiliary_metrics.py v2 adds runtime_ms_n3000 to check it on every generation.
`;
}
