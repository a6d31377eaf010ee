// PREPARE for the public/private chart: two series along the chain's steps on ONE shared y axis,
// the overfitting steps marked. One axis on purpose: with an axis each (as this chart had), a
// private score below the public one could be drawn above it, and the eye reads the picture,
// not the tick labels. Where the two test sets' scales differ a lot, one series is flatter; the
// table beside the chart gives every number. Pure: the component only draws what this returns.
import { line, scaleLinear, scalePoint } from 'd3';

export interface ChartStep {
  index: number;
  iteration: number;
  public: number | null;
  private: number | null;
  overfit: boolean;
}

export interface ChartPoint {
  index: number;
  x: number;
  y: number;
  value: number;
}

export interface Tick {
  y: number;
  label: string;
}

export interface GeneralizationChartModel {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  publicPoints: ChartPoint[];
  privatePoints: ChartPoint[];
  publicPath: string;
  privatePath: string;
  /** The one y axis both series are drawn on (higher values higher up). */
  yTicks: Tick[];
  xTicks: { x: number; label: string }[];
  /** One mark per overfitting step, at its private point. */
  overfitMarks: ChartPoint[];
}

const MARGIN = { top: 12, right: 24, bottom: 34, left: 64 };

function yScale(values: number[], height: number) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // A margin of 6 % of the span keeps the extreme points off the frame (and off the x labels).
  const pad = lo === hi ? Math.abs(lo) * 0.05 || 1 : (hi - lo) * 0.06;
  return scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([height - MARGIN.bottom, MARGIN.top])
    .nice();
}

const fmt = (v: number) => (Math.abs(v) >= 1e5 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(2) : String(Number(v.toPrecision(5))));

export function prepareGeneralizationChart(steps: readonly ChartStep[], width: number, height: number): GeneralizationChartModel {
  const x = scalePoint<number>()
    .domain(steps.map((s) => s.index))
    .range([MARGIN.left, Math.max(MARGIN.left, width - MARGIN.right)])
    .padding(0.5);
  const values = steps.flatMap((s) => [s.public, s.private].filter((v): v is number => v !== null));
  const y = values.length ? yScale(values, height) : null;
  const series = (key: 'public' | 'private') => {
    if (!y) return { points: [] as ChartPoint[], path: '' };
    const points = steps.filter((s) => s[key] !== null).map((s) => ({ index: s.index, x: x(s.index)!, y: y(s[key]!), value: s[key]! }));
    const path = points.length
      ? (line<ChartPoint>()
          .x((p) => p.x)
          .y((p) => p.y)(points) ?? '')
      : '';
    return { points, path };
  };
  const pub = series('public');
  const priv = series('private');
  const overfit = new Set(steps.filter((s) => s.overfit).map((s) => s.index));
  // At most ~12 x labels: every k-th step.
  const every = Math.max(1, Math.ceil(steps.length / 12));
  return {
    width,
    height,
    margin: MARGIN,
    publicPoints: pub.points,
    privatePoints: priv.points,
    publicPath: pub.path,
    privatePath: priv.path,
    yTicks: y ? y.ticks(5).map((t) => ({ y: y(t), label: fmt(t) })) : [],
    xTicks: steps.filter((_, i) => i % every === 0).map((s) => ({ x: x(s.index)!, label: `it ${s.iteration}` })),
    overfitMarks: priv.points.filter((p) => overfit.has(p.index)),
  };
}
