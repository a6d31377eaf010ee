// PREPARE for the aux metric trends (issue 13): one small panel for the score and one per aux
// metric, stacked on a shared x axis (generation, else iteration, else run order), each with its
// own y scale. A program whose metric did not come out (its status is not 'ok', or the score is
// missing in the score panel) is a failure mark on the panel's floor, not a missing dot. The line
// is the mean per x value. Trivial metrics (the seed's Trivial Metric Test) carry their reason.
// Also the table fallback's rows and the CSV export. Pure.
import { line, scaleLinear } from 'd3';
import type { AuxResponse } from '@/lib/contracts/api/auxPoints';
import type { TrivialMetric } from '@/lib/trace/diagnosis';
import { toCsv } from '@/lib/contracts/csv';
import { plotOf, tickCount, ticksOf, type Plot, type Tick } from '../analysis/chartFrame';

export type AuxPoint = AuxResponse['points'][number];

export const PANEL_HEIGHT = 130;
const MARGIN = { top: 8, right: 16, bottom: 22, left: 64 };

export type XAxis = 'generation' | 'iteration' | 'run order';

/** The x axis every panel shares: generation when every point has one, else iteration, else the run order. */
export function xAxisOf(points: readonly AuxPoint[]): { axis: XAxis; xOf: (p: AuxPoint, i: number) => number } {
  if (points.length && points.every((p) => p.generation !== null)) return { axis: 'generation', xOf: (p) => p.generation! };
  if (points.length && points.every((p) => p.iteration !== null)) return { axis: 'iteration', xOf: (p) => p.iteration! };
  return { axis: 'run order', xOf: (_p, i) => i };
}

export interface AuxDot {
  x: number;
  y: number;
  programId: string;
  label: string;
}

export interface AuxFailMark {
  x: number;
  y: number;
  programId: string;
  label: string;
}

export interface AuxPanel {
  key: string;
  title: string;
  plot: Plot;
  height: number;
  yTicks: Tick[];
  dots: AuxDot[];
  failed: AuxFailMark[];
  /** SVG path of the mean per x value; '' with fewer than two x values. */
  meanPath: string;
  /** The trivial metric test of this metric (null for the score, or before the test ran). */
  test: TrivialMetric | null;
  /** One line under the title: the test's verdict or "not tested yet". */
  note: string;
}

export interface PreparedAuxTrends {
  width: number;
  axis: XAxis;
  xTicks: Tick[];
  panels: AuxPanel[];
  /** "every 20th of 100,000 programs" when the server thinned the points; null otherwise. */
  thinned: string | null;
}

const fmt = (v: number) => String(Number(v.toPrecision(6)));

/** The sentence shown with a metric: its verdict and the evidence. */
export function testNote(t: TrivialMetric | null): string {
  if (!t) return 'not tested yet (the trivial metric test runs when the aux run finishes)';
  const rho = t.rho === null ? 'rho undefined' : `rho ${fmt(t.rho)}`;
  return t.trivial ? `trivial, adds no information: ${t.why}` : `${rho}, n = ${t.n}: ${t.why}`;
}

function panel(key: string, title: string, width: number, xScale: (x: number) => number, entries: { x: number; p: AuxPoint; value: number | null; why: string }[], test: TrivialMetric | null, note: string): AuxPanel {
  const plot = plotOf(width, PANEL_HEIGHT, MARGIN);
  const vals = entries.filter((e) => e.value !== null).map((e) => e.value!);
  const lo = vals.length ? Math.min(...vals) : 0;
  const hi = vals.length ? Math.max(...vals) : 1;
  const pad = lo === hi ? Math.abs(lo) * 0.1 || 1 : 0;
  // The floor band (bottom 8 px) is kept for failure marks.
  const y = scaleLinear().domain([lo - pad, hi + pad]).range([plot.bottom - 8, plot.top]).nice();
  const dots: AuxDot[] = [];
  const failed: AuxFailMark[] = [];
  const sums = new Map<number, { s: number; n: number }>();
  for (const e of entries) {
    const name = `${e.p.externalId} (x ${e.x})`;
    if (e.value === null) {
      failed.push({ x: xScale(e.x), y: plot.bottom - 3, programId: e.p.programId, label: `${name}: ${e.why}` });
      continue;
    }
    dots.push({ x: xScale(e.x), y: y(e.value), programId: e.p.programId, label: `${name}: ${title} ${fmt(e.value)}` });
    const m = sums.get(e.x) ?? { s: 0, n: 0 };
    m.s += e.value;
    m.n += 1;
    sums.set(e.x, m);
  }
  const means = [...sums].sort((a, b) => a[0] - b[0]).map(([x, m]) => [xScale(x), y(m.s / m.n)] as [number, number]);
  return {
    key, title, plot, height: PANEL_HEIGHT, yTicks: ticksOf(y, Math.max(2, Math.floor((plot.bottom - plot.top) / 35))), dots, failed,
    meanPath: means.length >= 2 ? (line()(means) ?? '') : '', test, note,
  };
}

export function prepareAuxTrends(data: AuxResponse, width: number): PreparedAuxTrends {
  const { axis, xOf } = xAxisOf(data.points);
  const xs = data.points.map((p, i) => xOf(p, i));
  const plot = plotOf(width, PANEL_HEIGHT, MARGIN);
  const lo = xs.length ? Math.min(...xs) : 0;
  const hi = xs.length ? Math.max(...xs) : 1;
  const x = scaleLinear().domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi]).range([plot.left, plot.right]);
  const tests = new Map(data.trivialMetrics.map((t) => [t.name, t]));
  const score = panel('score', 'score', width, x, data.points.map((p, i) => ({ x: xs[i], p, value: p.score, why: 'no score (the program failed)' })), null, 'the primary score, as stored');
  const metrics = data.metricNames.map((name) =>
    panel(`metric:${name}`, name, width, x, data.points.map((p, i) => {
      const v = p.status === 'ok' ? p.values?.[name] : undefined;
      return { x: xs[i], p, value: typeof v === 'number' ? v : null, why: p.status === 'ok' ? 'the script returned no value' : `aux ${p.status}` };
    }), tests.get(name) ?? null, testNote(tests.get(name) ?? null)),
  );
  return {
    width, axis, xTicks: ticksOf(x, tickCount(plot.right - plot.left), undefined, true), panels: [score, ...metrics],
    thinned: data.stride > 1 ? `every ${ordinal(data.stride)} of ${data.total.toLocaleString('en')} programs` : null,
  };
}

function ordinal(n: number) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}

/** The table fallback: one row per program, values as text ('' when absent). */
export function auxTableRows(data: AuxResponse): { programId: string; cells: string[] }[] {
  return data.points.map((p) => ({
    programId: p.programId,
    cells: [p.externalId, p.generation === null ? '' : String(p.generation), p.iteration === null ? '' : String(p.iteration), p.score === null ? '' : fmt(p.score), p.status,
      ...data.metricNames.map((n) => (p.values && typeof p.values[n] === 'number' ? fmt(p.values[n]) : ''))],
  }));
}

export const auxTableHeader = (data: AuxResponse) => ['program', 'generation', 'iteration', 'score', 'status', ...data.metricNames];

/** CSV of the points shown (full precision). */
export function auxCsv(data: AuxResponse): string {
  return toCsv(auxTableHeader(data), data.points.map((p) => [p.externalId, p.generation, p.iteration, p.score, p.status, ...data.metricNames.map((n) => p.values?.[n] ?? null)]));
}
