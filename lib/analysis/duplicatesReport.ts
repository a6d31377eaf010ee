// The run overview's "duplicates by behaviour" (issue 12 item 4), from findDuplicates
// (programsDatabase/dedup.ts, which holds every definition): totals by kind, the budget each took
// and its share, and the largest behaviour groups whose programs' code differs. Pure.
import { findDuplicates, type BehaviourBasis, type DedupProgram, type Spent } from './programsDatabase/dedup';

export type DuplicatesProgram = DedupProgram & { externalId: string };

export interface DuplicatesGroup {
  basis: BehaviourBasis;
  size: number;
  distinctCode: number;
  budget: number;
  /** In arrival order: the first is the one the others duplicate. */
  programs: { id: string; externalId: string }[];
}

export interface DuplicatesReport {
  /** 'cost': budget = each program's LLM cost (0 without a prompt); 'programs': one per program. */
  budgetUnit: 'cost' | 'programs';
  /** Whole run: one scope, arrival order = the run's canonical order (seq). */
  scope: 'run';
  totals: { programs: Spent; unique: Spent; textual: Spent; behavioural: Spent; withoutBehaviour: Spent };
  /** Share of the budget taken by each kind of duplicate (null for an empty budget). */
  share: { textual: number | null; behavioural: number | null };
  /** Programs with a behaviour key, per basis it came from. */
  bases: Record<BehaviourBasis, number>;
  /** Groups of two or more programs sharing a behaviour key, and those among them with differing code. */
  groupCount: number;
  differingCodeGroupCount: number;
  /** The largest groups with differing code (at most `top`), largest first. */
  groups: DuplicatesGroup[];
}

export function duplicatesReport(programs: readonly DuplicatesProgram[], top = 10): DuplicatesReport {
  const priced = programs.some((p) => typeof p.cost === 'number');
  const input = programs.map((p) => ({ ...p, scope: null, cost: priced ? (p.cost ?? 0) : undefined }));
  const r = findDuplicates(input);
  const ext = new Map(programs.map((p) => [p.id, p.externalId]));
  const bases: Record<BehaviourBasis, number> = { outputHash: 0, outputs: 0, scoresPerTest: 0 };
  for (const e of r.entries) if (e.basis) bases[e.basis]++;
  const whole = r.totals.programs.budget;
  const share = (s: Spent) => (whole > 0 ? s.budget / whole : null);
  const differing = r.groups.filter((g) => g.distinctCode >= 2);
  const { seedRuleDiscards: _seedRule, ...totals } = r.totals;
  return {
    budgetUnit: priced ? 'cost' : 'programs',
    scope: 'run',
    totals,
    share: { textual: share(r.totals.textual), behavioural: share(r.totals.behavioural) },
    bases,
    groupCount: r.groups.length,
    differingCodeGroupCount: differing.length,
    groups: differing.slice(0, top).map((g) => ({
      basis: g.basis,
      size: g.ids.length,
      distinctCode: g.distinctCode,
      budget: g.budget,
      programs: g.ids.map((id) => ({ id, externalId: ext.get(id) ?? id })),
    })),
  };
}
