// Node colours of the lineage explorer, per colour mode, with the legend that names them.
// Pure (no React, no sigma): prepared once per mode, read by the renderer's reducers. Ramps are
// quantised to a few dozen colours so the renderer parses each colour string once.
import { color as d3color, interpolateRgb, interpolateViridis, interpolateYlOrRd, schemeTableau10 } from 'd3';
import { LABEL_TITLES, type EditLabel } from '@/lib/contracts/editLabels';
import { LABEL_COLOURS } from '../taxonomy/labelColours';
import { formatScore, formatShare } from '../ui/format';

/**
 * `metric`: any numeric metric of the run, named separately (ColorInput.metric, ?metric= in the
 * URL); `label`: an edit label of the offline judge (ColorInput.label, ?label=).
 */
export const COLOR_MODES = ['score', 'island', 'iteration', 'recycled', 'metric', 'label'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const COLOR_MODE_LABELS: Record<ColorMode, string> = {
  score: 'Score',
  island: 'Island',
  iteration: 'Iteration',
  recycled: 'Recycled share',
  metric: 'Metric',
  label: 'Edit type',
};

export const PALETTE = {
  invalid: '#e03131',
  /** A valid program without a score, or no recycled share (no edit, no added lines). */
  missing: '#b4b8bf',
  ghost: '#7d828b',
  /** Colour by label: the judge labelled the node's edit, but not with this label. */
  otherLabel: '#dde1e8',
  edge: '#9ea4ad',
  /** Links to second and further parents of crossover children. */
  crossoverEdge: '#b197fc',
  ancestry: '#1c1d1f',
  chain: '#f08c00',
  selected: '#2456a6',
  /** The eval agent's candidate programs (issue 13), drawn as rings. */
  agentCandidate: '#c2255c',
  /** Context edges: a program shown to the LLM -> the program made with it (not lineage). */
  contextEdge: '#1c7ed6',
} as const;

const STEPS = 32;
const ramp = (interpolate: (t: number) => string) =>
  Array.from({ length: STEPS }, (_, k) => d3color(interpolate(k / (STEPS - 1)))!.formatHex());
const VIRIDIS = ramp(interpolateViridis);
const YLORRD = ramp((t) => interpolateYlOrRd(0.1 + 0.9 * t));

export interface ColorInput {
  /** Programs; nodes count..nodeCount-1 are ghosts. */
  count: number;
  nodeCount: number;
  score: readonly (number | null)[];
  valid: readonly boolean[];
  island: readonly (number | null)[];
  iteration: readonly (number | null)[];
  higherIsBetter: boolean;
  scoreMetric: string | null;
  /** lineage.recycledShare, null when the lineage facts are not computed. */
  recycledShare: readonly (number | null)[] | null;
  /** For mode 'metric': the metric's name and value per program (null: missing or not a number), or null while loading. */
  metric?: { name: string; values: readonly (number | null)[] | null };
  /** For mode 'label': per program, whether its edit carries the label (null: not judged, no parent), or null while loading. */
  label?: { name: EditLabel; judge: string; has: readonly (boolean | null)[] | null };
}

export type LegendEntry =
  | { kind: 'ramp'; label: string; stops: string[]; from: string; to: string; note?: string }
  | { kind: 'swatch'; label: string; color: string; ring?: boolean };

export interface NodeColors {
  colors: string[];
  legend: LegendEntry[];
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
}

/** Maps v in [lo, hi] onto a ramp (clamped). */
function onRamp(stops: string[], v: number, lo: number, hi: number): string {
  const t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
  return stops[Math.round(Math.min(1, Math.max(0, t)) * (stops.length - 1))];
}

const rampStops = (stops: string[]) => [0, 0.25, 0.5, 0.75, 1].map((t) => stops[Math.round(t * (stops.length - 1))]);

/**
 * Values on a ramp clipped at the 2nd and 98th percentiles (one catastrophic score would grey
 * out the rest); programs for which `value` is null are left as they are.
 */
function onClippedRamp(colors: string[], count: number, value: (i: number) => number | null, stops: string[]) {
  const values = [];
  for (let i = 0; i < count; i++) {
    const v = value(i);
    if (v !== null) values.push(v);
  }
  values.sort((a, b) => a - b);
  const lo = values.length ? quantile(values, 0.02) : 0;
  const hi = values.length ? quantile(values, 0.98) : 1;
  for (let i = 0; i < count; i++) {
    const v = value(i);
    if (v !== null) colors[i] = onRamp(stops, v, lo, hi);
  }
  const clipped = values.length > 0 && (lo > values[0] || hi < values[values.length - 1]);
  return { lo, hi, note: clipped ? 'scale clipped at the 2nd and 98th percentiles' : undefined, n: values.length };
}

export function nodeColors(input: ColorInput, mode: ColorMode): NodeColors {
  const colors = new Array<string>(input.nodeCount).fill(PALETTE.ghost);
  const legend: LegendEntry[] = [];
  const { count } = input;
  if (mode === 'score') {
    const stops = input.higherIsBetter ? VIRIDIS : [...VIRIDIS].reverse();
    let missing = 0;
    let invalid = 0;
    for (let i = 0; i < count; i++) {
      if (!input.valid[i]) {
        colors[i] = PALETTE.invalid;
        invalid++;
      } else if (input.score[i] === null) {
        colors[i] = PALETTE.missing;
        missing++;
      }
    }
    const r = onClippedRamp(colors, count, (i) => (input.valid[i] ? input.score[i] : null), stops);
    legend.push({
      kind: 'ramp',
      label: `${input.scoreMetric ?? 'score'} (${input.higherIsBetter ? 'higher' : 'lower'} is better)`,
      stops: rampStops(stops),
      from: formatScore(r.lo),
      to: formatScore(r.hi),
      note: r.note,
    });
    legend.push({ kind: 'swatch', label: `invalid (${invalid.toLocaleString('en-US')})`, color: PALETTE.invalid });
    if (missing) legend.push({ kind: 'swatch', label: `valid, no score (${missing.toLocaleString('en-US')})`, color: PALETTE.missing });
  } else if (mode === 'metric') {
    // Any metric, valid programs or not: an invalid program's metrics (an error code, a time)
    // are what a reader colouring by them wants to see. Its direction is unknown: low to high.
    const values = input.metric?.values ?? null;
    for (let i = 0; i < count; i++) colors[i] = PALETTE.missing;
    const r = onClippedRamp(colors, count, (i) => values?.[i] ?? null, VIRIDIS);
    const name = input.metric?.name ?? 'metric';
    legend.push({
      kind: 'ramp',
      label: `${name} (metric)`,
      stops: rampStops(VIRIDIS),
      from: formatScore(r.lo),
      to: formatScore(r.hi),
      note: values ? r.note : 'loading',
    });
    if (values) legend.push({ kind: 'swatch', label: `no value (${(count - r.n).toLocaleString('en-US')})`, color: PALETTE.missing });
  } else if (mode === 'label') {
    const has = input.label?.has ?? null;
    const name = input.label?.name;
    const colour = name ? LABEL_COLOURS[name] : PALETTE.missing;
    let yes = 0;
    let no = 0;
    for (let i = 0; i < count; i++) {
      const h = has?.[i] ?? null;
      colors[i] = h === null ? PALETTE.missing : h ? colour : PALETTE.otherLabel;
      if (h === true) yes++;
      else if (h === false) no++;
    }
    const title = name ? LABEL_TITLES[name] : 'edit type';
    legend.push({ kind: 'swatch', label: has ? `edit labelled ${title} (${yes.toLocaleString('en-US')})` : `edit labelled ${title} (loading)`, color: colour });
    if (has) {
      legend.push({ kind: 'swatch', label: `other labels (${no.toLocaleString('en-US')})`, color: PALETTE.otherLabel });
      legend.push({ kind: 'swatch', label: `not judged or no parent (${(count - yes - no).toLocaleString('en-US')})`, color: PALETTE.missing });
    }
  } else if (mode === 'island') {
    const islands = new Set<number>();
    for (let i = 0; i < count; i++) {
      const isl = input.island[i];
      if (isl === null) colors[i] = PALETTE.missing;
      else {
        colors[i] = schemeTableau10[((isl % 10) + 10) % 10];
        islands.add(isl);
      }
    }
    for (const isl of [...islands].sort((a, b) => a - b)) {
      legend.push({ kind: 'swatch', label: `island ${isl}`, color: schemeTableau10[((isl % 10) + 10) % 10] });
    }
    if (islands.size > 10) legend.push({ kind: 'swatch', label: 'colours repeat after 10 islands', color: PALETTE.missing });
  } else if (mode === 'iteration') {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < count; i++) {
      const it = input.iteration[i] ?? 0;
      if (it < lo) lo = it;
      if (it > hi) hi = it;
    }
    for (let i = 0; i < count; i++) colors[i] = onRamp(VIRIDIS, input.iteration[i] ?? 0, lo, hi);
    legend.push({ kind: 'ramp', label: 'iteration', stops: rampStops(VIRIDIS), from: String(count ? lo : 0), to: String(count ? hi : 0) });
  } else {
    const share = input.recycledShare;
    for (let i = 0; i < count; i++) {
      const s = share?.[i] ?? null;
      colors[i] = s === null ? PALETTE.missing : onRamp(YLORRD, s, 0, 1);
    }
    legend.push({
      kind: 'ramp',
      label: 'recycled share of the lines its edit added (re-additions of lines its lineage had deleted)',
      stops: rampStops(YLORRD),
      from: formatShare(0),
      to: formatShare(1),
      note: share ? undefined : 'not computed yet',
    });
    legend.push({ kind: 'swatch', label: 'no edit or no added lines', color: PALETTE.missing });
  }
  if (input.nodeCount > count) {
    legend.push({ kind: 'swatch', label: `parent not in archive (${input.nodeCount - count})`, color: PALETTE.ghost, ring: true });
  }
  return { colors, legend };
}

const dimCache = new Map<string, string>();
/**
 * The colour of a dead-branch node: the same hue faded towards the white background. Opaque on
 * purpose: sigma blends with premultiplied alpha, so an rgba() colour would shift its hue.
 */
export function dimmed(hex: string): string {
  let out = dimCache.get(hex);
  if (!out) {
    out = d3color(interpolateRgb(hex, '#ffffff')(0.78))!.formatHex();
    dimCache.set(hex, out);
  }
  return out;
}
