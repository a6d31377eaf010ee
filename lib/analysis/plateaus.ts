// Plateaus of the best-so-far (issue 13, seed 001: "no improvement in the last K generations",
// K = 5 by default). Defined once here; the API, the run overview, the compare page and the
// diagnosis job all read this definition. Pure.
//
// Definition
// - The axis. Each program sits at one generation g. A run's `generation` column is used when it
//   is a time axis: every program has one and it never decreases along the canonical order
//   (Shinka, EoH, LLaMEA: generation N is the Nth step). Otherwise (OpenEvolve's generation is the
//   depth in the lineage tree, not time; some programs lack one) the run's effective iteration is
//   the axis, as on the run's score chart. A program with neither is left out.
// - Best-so-far as in bestSoFar.ts: only valid programs with a finite score count; invalid ones
//   are budget, never an improvement. A generation improves when one of its programs is strictly
//   better (higher, or lower for lower-is-better runs) than the best of all earlier generations;
//   the first generation with a valid score improves (it sets the first best). A tie is not an
//   improvement.
// - A plateau is a stretch between two improving generations i < j, generations i+1 .. j-1, or
//   after the last improving generation i up to the run's last generation (then `open`: the run
//   ended on it), whose length (end - start + 1) is at least K. So "K generations without an
//   improvement" is a plateau, K - 1 is not. Before the first valid score nothing is held: no
//   plateau.
// - Gaps: the length is measured on the axis, so generation numbers with no program inside the
//   stretch count (those generations elapsed; Shinka warns about them at import). A stretch is
//   bounded by improving generations, so it may begin or end on a generation without programs.
// - Budget: the programs whose generation lies in [start, end] (valid or not), and the sum of their
//   per-program LLM cost and tokens. A program without a figure adds nothing; a run where no
//   program has one gets null, never 0.

import type { Plateau } from '../trace/diagnosis';

export interface PlateauProgram {
  generation: number | null;
  iteration: number | null;
  score: number | null;
  valid: boolean;
  cost?: number | null;
  tokens?: number | null;
}

export type PlateauAxis = 'generation' | 'iteration';

/** A plateau with the iterations its programs span, to draw it on the iteration axis. */
export interface PlateauSpan extends Plateau {
  /** Smallest and largest iteration of the programs inside; null when none is inside or known. */
  firstIteration: number | null;
  lastIteration: number | null;
}

export interface PlateauAnalysis {
  k: number;
  axis: PlateauAxis;
  higherIsBetter: boolean;
  plateaus: PlateauSpan[];
  /** The whole run's budget, for shares. */
  totals: { programs: number; cost: number | null; tokens: number | null; firstGeneration: number | null; lastGeneration: number | null };
}

export const PLATEAU_DEFINITION =
  'Plateau: K or more consecutive generations (iterations where the run has no time-like generation) without a strict ' +
  'improvement of the best-so-far (valid programs with a finite score; ties do not count); budget = programs, cost and ' +
  'tokens of the programs inside.';

/** The axis the run's plateaus are measured on (see the header). */
export function plateauAxis(programs: readonly PlateauProgram[]): PlateauAxis {
  let last = -Infinity;
  for (const p of programs) {
    if (p.generation == null || p.generation < last) return 'iteration';
    last = p.generation;
  }
  return programs.length ? 'generation' : 'iteration';
}

interface Gen {
  g: number;
  programs: number;
  cost: number;
  tokens: number;
  /** Best valid finite score in this generation, or null. */
  best: number | null;
  itLo: number | null;
  itHi: number | null;
}

const finite = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

/** Plateaus of a run; `programs` in the canonical order (seq). */
export function findPlateaus(programs: readonly PlateauProgram[], k: number, higherIsBetter = true): PlateauAnalysis {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`plateau K must be a whole number >= 1, got ${k}`);
  const axis = plateauAxis(programs);
  const better = (a: number, b: number) => (higherIsBetter ? a > b : a < b);
  const byGen = new Map<number, Gen>();
  let hasCost = false;
  let hasTokens = false;
  let counted = 0;
  for (const p of programs) {
    const g = axis === 'generation' ? p.generation : (p.iteration ?? p.generation);
    if (g == null) continue;
    counted++;
    let e = byGen.get(g);
    if (!e) byGen.set(g, (e = { g, programs: 0, cost: 0, tokens: 0, best: null, itLo: null, itHi: null }));
    e.programs++;
    if (finite(p.cost)) (hasCost = true), (e.cost += p.cost);
    if (finite(p.tokens)) (hasTokens = true), (e.tokens += p.tokens);
    if (p.valid && finite(p.score) && (e.best === null || better(p.score, e.best))) e.best = p.score;
    if (p.iteration != null) {
      e.itLo = e.itLo === null ? p.iteration : Math.min(e.itLo, p.iteration);
      e.itHi = e.itHi === null ? p.iteration : Math.max(e.itHi, p.iteration);
    }
  }
  const gens = [...byGen.values()].sort((a, b) => a.g - b.g);
  const totals = {
    programs: counted,
    cost: hasCost ? gens.reduce((s, e) => s + e.cost, 0) : null,
    tokens: hasTokens ? gens.reduce((s, e) => s + e.tokens, 0) : null,
    firstGeneration: gens.length ? gens[0].g : null,
    lastGeneration: gens.length ? gens[gens.length - 1].g : null,
  };
  const plateaus: PlateauSpan[] = [];
  if (!gens.length) return { k, axis, higherIsBetter, plateaus, totals };
  const lastGen = gens[gens.length - 1].g;

  // The stretch after improving generation gens[from].g, up to `end` (inclusive), held at `held`.
  const close = (from: number, end: number, held: number, open: boolean) => {
    const start = gens[from].g + 1;
    if (end - start + 1 < k) return;
    const p: PlateauSpan = {
      startGeneration: start, endGeneration: end, length: end - start + 1, bestScore: held,
      programs: 0, cost: hasCost ? 0 : null, tokens: hasTokens ? 0 : null, open, firstIteration: null, lastIteration: null,
    };
    for (let i = from + 1; i < gens.length && gens[i].g <= end; i++) {
      const e = gens[i];
      p.programs += e.programs;
      if (p.cost !== null) p.cost += e.cost;
      if (p.tokens !== null) p.tokens += e.tokens;
      if (e.itLo !== null) p.firstIteration = p.firstIteration === null ? e.itLo : Math.min(p.firstIteration, e.itLo);
      if (e.itHi !== null) p.lastIteration = p.lastIteration === null ? e.itHi : Math.max(p.lastIteration, e.itHi);
    }
    plateaus.push(p);
  };

  let best: number | null = null;
  let lastImproving = -1;
  for (let i = 0; i < gens.length; i++) {
    const b = gens[i].best;
    if (b === null || (best !== null && !better(b, best))) continue;
    if (best !== null) close(lastImproving, gens[i].g - 1, best, false);
    best = b;
    lastImproving = i;
  }
  if (best !== null) close(lastImproving, lastGen, best, true);
  return { k, axis, higherIsBetter, plateaus, totals };
}

export interface PlateauSummary {
  count: number;
  /** Longest plateau's length in generations; null without plateaus. */
  longest: number | null;
  /** Share of the run's programs (and cost, where known) spent inside plateaus. */
  programShare: number | null;
  costShare: number | null;
  /** The run ends on a plateau. */
  endsOnPlateau: boolean;
}

/** Per-run figures for the compare page. */
export function summarisePlateaus(a: Pick<PlateauAnalysis, 'plateaus' | 'totals'>): PlateauSummary {
  const ps = a.plateaus;
  const programs = ps.reduce((s, p) => s + p.programs, 0);
  const cost = ps.reduce((s, p) => s + (p.cost ?? 0), 0);
  return {
    count: ps.length,
    longest: ps.length ? Math.max(...ps.map((p) => p.length)) : null,
    programShare: a.totals.programs > 0 ? programs / a.totals.programs : null,
    costShare: a.totals.cost != null && a.totals.cost > 0 ? cost / a.totals.cost : null,
    endsOnPlateau: ps.some((p) => p.open),
  };
}
