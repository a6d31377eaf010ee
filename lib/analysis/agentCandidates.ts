// Agent candidates against mutation children of the same period (issue 13; seed 001 "Exp 10":
// the eval agent writes code that competes in the evolution pool). Pure.
//
// Definitions (one place, as the UI states them):
//  - Run order: programs by seq (the run's canonical order). The best-so-far of a program is the
//    best valid score among the programs before it in that order (higher or lower is better as
//    the run says).
//  - New best: a valid program strictly better than its best-so-far. A program with no valid
//    program before it has nothing to beat and never counts as a new best.
//  - Gain over parent: score - first parent's score, gain over best: score - best-so-far, both
//    signed so that positive means better; null when either side is missing or invalid.
//  - Periods: the eval agent's trigger windows [G_i, G_i+1) on the generation axis (generation,
//    (iteration, else generation: OpenEvolve's generation is lineage depth), the last one open-ended; without triggers, the whole run is one period.
//    Only periods holding at least one agent candidate are compared.
//  - Mutation children: programs of those periods that have a parent and are not agent candidates.

export interface CandidateProgram {
  id: string;
  externalId: string;
  seq: number;
  generation: number | null;
  score: number | null;
  valid: boolean;
  /** Whether it has a parent in the run (a seed program is no mutation child). */
  hasParent: boolean;
  parentScore: number | null;
  /** The parent's validity (a gain over an invalid parent's sentinel score means nothing). */
  parentValid: boolean;
  agentCandidate: boolean;
}

export interface ProgramOutcome {
  id: string;
  externalId: string;
  generation: number | null;
  score: number | null;
  valid: boolean;
  bestBefore: number | null;
  gainOverParent: number | null;
  gainOverBest: number | null;
  newBest: boolean;
}

export interface GroupStats {
  count: number;
  valid: number;
  newBest: number;
  /** newBest / count (null when count is 0). */
  newBestRate: number | null;
  meanGainOverParent: number | null;
  meanGainOverBest: number | null;
  /** Programs whose score beat their parent's. */
  improvedOnParent: number;
}

export interface AgentCandidateComparison {
  higherIsBetter: boolean;
  periods: { startGeneration: number; endGeneration: number | null; agent: number; mutation: number }[];
  agent: GroupStats;
  mutation: GroupStats;
  candidates: ProgramOutcome[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function stats(xs: ProgramOutcome[]): GroupStats {
  const gp = xs.flatMap((x) => (x.gainOverParent == null ? [] : [x.gainOverParent]));
  const gb = xs.flatMap((x) => (x.gainOverBest == null ? [] : [x.gainOverBest]));
  const newBest = xs.filter((x) => x.newBest).length;
  return {
    count: xs.length,
    valid: xs.filter((x) => x.valid).length,
    newBest,
    newBestRate: xs.length ? newBest / xs.length : null,
    meanGainOverParent: mean(gp),
    meanGainOverBest: mean(gb),
    improvedOnParent: gp.filter((g) => g > 0).length,
  };
}

export function compareAgentCandidates(
  programs: readonly CandidateProgram[],
  triggerGenerations: readonly number[],
  higherIsBetter: boolean,
): AgentCandidateComparison {
  const sign = higherIsBetter ? 1 : -1;
  const ordered = [...programs].sort((a, b) => a.seq - b.seq);
  const outcomes = new Map<string, ProgramOutcome>();
  let best: number | null = null;
  for (const p of ordered) {
    const score = p.valid && p.score != null && Number.isFinite(p.score) ? p.score : null;
    const gainOverBest = score != null && best != null ? sign * (score - best) : null;
    const gainOverParent = score != null && p.parentScore != null && p.parentValid ? sign * (score - p.parentScore) : null;
    outcomes.set(p.id, {
      id: p.id, externalId: p.externalId, generation: p.generation, score, valid: p.valid, bestBefore: best,
      gainOverParent, gainOverBest, newBest: gainOverBest != null && gainOverBest > 0,
    });
    if (score != null && (best == null || sign * (score - best) > 0)) best = score;
  }

  const starts = [...new Set(triggerGenerations)].sort((a, b) => a - b);
  const windows = starts.length
    ? starts.map((s, i) => ({ startGeneration: s, endGeneration: i + 1 < starts.length ? starts[i + 1] - 1 : null }))
    : [{ startGeneration: Number.NEGATIVE_INFINITY, endGeneration: null }];
  const windowOf = (g: number | null) =>
    g == null ? -1 : windows.findIndex((w) => g >= w.startGeneration && (w.endGeneration == null || g <= w.endGeneration));

  const agent: ProgramOutcome[][] = windows.map(() => []);
  const mutation: ProgramOutcome[][] = windows.map(() => []);
  for (const p of ordered) {
    const w = windowOf(p.generation);
    if (w < 0) continue;
    if (p.agentCandidate) agent[w].push(outcomes.get(p.id)!);
    else if (p.hasParent) mutation[w].push(outcomes.get(p.id)!);
  }
  const used = windows.map((_, i) => i).filter((i) => agent[i].length);
  return {
    higherIsBetter,
    periods: used.map((i) => ({
      startGeneration: Number.isFinite(windows[i].startGeneration) ? windows[i].startGeneration : 0,
      endGeneration: windows[i].endGeneration,
      agent: agent[i].length,
      mutation: mutation[i].length,
    })),
    agent: stats(used.flatMap((i) => agent[i])),
    mutation: stats(used.flatMap((i) => mutation[i])),
    // Every candidate, also one outside any trigger window (before the first trigger).
    candidates: ordered.filter((p) => p.agentCandidate).map((p) => outcomes.get(p.id)!),
  };
}
