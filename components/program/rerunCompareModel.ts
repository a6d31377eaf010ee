// The program page's "Re-run" comparison: recorded metrics beside a re-run's, with the change of
// each number and of the score in the run's direction. Pure (prepare, then draw).
import { formatScore } from '../ui/format';

export type Direction = 'better' | 'worse' | 'same';

export interface CompareRow {
  key: string;
  isScore: boolean;
  recorded: string;
  rerun: string;
  /** "+0.25", "−0.05", "±0", "changed", "" (same non-number), "missing" (on one side only). */
  change: string;
  /** For numbers: the run's direction for the score metric, plain up/down for the others. */
  direction: Direction | 'up' | 'down' | 'changed' | null;
}

export interface Comparison {
  score: { recorded: string; rerun: string; change: string; direction: Direction | null; reproduced: boolean };
  rows: CompareRow[];
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'number' ? formatScore(v) : typeof v === 'string' ? v : JSON.stringify(v));
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Rounded to the precision shown, so that 0.7 - 0.75 reads −0.05. */
function signed(delta: number): string {
  const d = Number(delta.toPrecision(6));
  return d === 0 ? '±0' : `${d > 0 ? '+' : '−'}${formatScore(Math.abs(d))}`;
}

function scoreChange(recorded: number | null, rerun: number | null, higherIsBetter: boolean) {
  if (recorded === null || rerun === null) return { change: recorded === rerun ? '' : 'missing', direction: null };
  const d = Number((rerun - recorded).toPrecision(6));
  const direction: Direction = d === 0 ? 'same' : (d > 0) === higherIsBetter ? 'better' : 'worse';
  return { change: signed(rerun - recorded), direction };
}

export function compareEvaluations(input: {
  scoreMetric: string | null;
  higherIsBetter: boolean;
  recorded: { score: number | null; metrics: Record<string, unknown> };
  rerun: { score: number | null; metrics: Record<string, unknown> };
}): Comparison {
  const { scoreMetric, higherIsBetter, recorded, rerun } = input;
  const s = scoreChange(recorded.score, rerun.score, higherIsBetter);
  const keys = [...new Set([...Object.keys(recorded.metrics), ...Object.keys(rerun.metrics)])].sort((a, b) =>
    a === scoreMetric ? -1 : b === scoreMetric ? 1 : a.localeCompare(b),
  );
  const rows = keys.map((key): CompareRow => {
    const a = recorded.metrics[key];
    const b = rerun.metrics[key];
    const isScore = key === scoreMetric;
    const base = { key, isScore, recorded: show(a), rerun: show(b) };
    if (a === undefined || b === undefined) return { ...base, change: 'missing', direction: 'changed' };
    if (isNum(a) && isNum(b)) {
      if (isScore) {
        const c = scoreChange(a, b, higherIsBetter);
        return { ...base, change: c.change, direction: c.direction };
      }
      const d = Number((b - a).toPrecision(6));
      return { ...base, change: signed(b - a), direction: d === 0 ? 'same' : d > 0 ? 'up' : 'down' };
    }
    const same = JSON.stringify(a) === JSON.stringify(b);
    return { ...base, change: same ? '' : 'changed', direction: same ? 'same' : 'changed' };
  });
  return {
    score: {
      recorded: show(recorded.score ?? undefined),
      rerun: show(rerun.score ?? undefined),
      ...s,
      reproduced: recorded.score !== null && rerun.score !== null && recorded.score === rerun.score,
    },
    rows,
  };
}
