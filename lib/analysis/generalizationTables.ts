// The paper's cross-run tables of public-vs-private generalization (B.7): Table 11 (task x
// framework, each cell the verdict and private change of the runs there) and Table 12 (per
// framework: runs scored, aligned, mild, severe; plus "other", which the paper leaves implicit
// as scored minus the three, and "not scored", runs re-scored without a verdict). Pure.
import { toCsv } from '../contracts/csv';
import { VERDICT_LABELS, type Verdict } from '../contracts/generalizationTypes';

export interface RunVerdict {
  runId: string;
  name: string;
  framework: string;
  task: string | null;
  higherIsBetter: boolean;
  verdict: Verdict;
  publicChange: number | null;
  privateChange: number | null;
  /** Null: not applicable (a share of a first private score the chain lacks). */
  threshold: number | null;
  chainLength: number;
  overfitSteps: number;
}

export const NO_TASK = '(no task)';

export interface VerdictMatrix {
  tasks: string[];
  frameworks: string[];
  /** cells[task][framework]: the runs there (several runs of one pair each keep their verdict). */
  cells: Record<string, Record<string, RunVerdict[]>>;
}

export interface FrameworkCounts {
  framework: string;
  scored: number;
  aligned: number;
  overfitMild: number;
  overfitSevere: number;
  other: number;
  notScored: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function verdictMatrix(runs: readonly RunVerdict[]): VerdictMatrix {
  const cells: VerdictMatrix['cells'] = {};
  const frameworks = new Set<string>();
  for (const r of runs) {
    const task = r.task ?? NO_TASK;
    frameworks.add(r.framework);
    ((cells[task] ??= {})[r.framework] ??= []).push(r);
  }
  for (const row of Object.values(cells)) for (const list of Object.values(row)) list.sort((a, b) => byText(a.name, b.name) || byText(a.runId, b.runId));
  return { tasks: Object.keys(cells).sort(byText), frameworks: [...frameworks].sort(byText), cells };
}

export function frameworkCounts(runs: readonly RunVerdict[]): FrameworkCounts[] {
  const out = new Map<string, FrameworkCounts>();
  for (const r of runs) {
    let c = out.get(r.framework);
    if (!c) out.set(r.framework, (c = { framework: r.framework, scored: 0, aligned: 0, overfitMild: 0, overfitSevere: 0, other: 0, notScored: 0 }));
    if (r.verdict === 'not-scored') {
      c.notScored++;
      continue;
    }
    c.scored++;
    if (r.verdict === 'aligned') c.aligned++;
    else if (r.verdict === 'overfit-mild') c.overfitMild++;
    else if (r.verdict === 'overfit-severe') c.overfitSevere++;
    else c.other++;
  }
  return [...out.values()].sort((a, b) => byText(a.framework, b.framework));
}

/** Table 11 as CSV: one line per run (task, framework, run, verdict, changes), the long form of the matrix. */
export function verdictsCsv(runs: readonly RunVerdict[]): string {
  const m = verdictMatrix(runs);
  const rows = m.tasks.flatMap((t) =>
    m.frameworks.flatMap((f) =>
      (m.cells[t][f] ?? []).map((r) => [
        t,
        f,
        r.runId,
        r.name,
        r.verdict,
        r.publicChange,
        r.privateChange,
        r.threshold,
        r.higherIsBetter ? 'higher' : 'lower',
        r.chainLength,
        r.overfitSteps,
      ]),
    ),
  );
  return toCsv(
    ['task', 'framework', 'run_id', 'run_name', 'verdict', 'public_change', 'private_change', 'severe_threshold', 'better', 'chain_length', 'overfit_steps'],
    rows,
  );
}

/** Table 12 as CSV. */
export function countsCsv(runs: readonly RunVerdict[]): string {
  return toCsv(
    ['framework', 'runs_scored', 'aligned', 'overfit_mild', 'overfit_severe', 'other', 'not_scored'],
    frameworkCounts(runs).map((c) => [c.framework, c.scored, c.aligned, c.overfitMild, c.overfitSevere, c.other, c.notScored]),
  );
}

export const verdictLabel = (v: Verdict) => VERDICT_LABELS[v];
