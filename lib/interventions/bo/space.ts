// The search space of a Bayesian optimisation: named dimensions mapped to and from the unit cube,
// where the Gaussian process works (its length scales then mean the same thing on every axis).
// Log-scale dimensions are uniform in log space (a knob from 1e-4 to 1e-1 is searched per decade);
// integer dimensions cover [low - 0.5, high + 0.5] before rounding, so each integer owns an equal
// slice of [0, 1] (plain rounding of low..high would give the two end values half the chance).

export interface BoDimension {
  name: string;
  low: number;
  high: number;
  scale: 'linear' | 'log';
  type: 'int' | 'float';
}

/** A point of the space: dimension name -> value. */
export type BoPoint = Record<string, number>;

interface Span {
  /** The values a point may take (ints: the integers inside [low, high]). */
  lo: number;
  hi: number;
  /** The interval mapped onto [0, 1], before the log for log dimensions. */
  from: number;
  to: number;
}

function span(d: BoDimension): Span {
  if (!Number.isFinite(d.low) || !Number.isFinite(d.high)) {
    throw new Error(`Dimension "${d.name}": bounds must be finite numbers (got low ${d.low}, high ${d.high})`);
  }
  if (d.low > d.high) throw new Error(`Dimension "${d.name}": low ${d.low} is above high ${d.high}`);
  if (d.scale === 'log' && d.low <= 0) {
    throw new Error(`Dimension "${d.name}" is on a log scale but its low bound is ${d.low}: a log scale needs low > 0`);
  }
  if (d.type === 'float') return { lo: d.low, hi: d.high, from: d.low, to: d.high };
  const lo = Math.ceil(d.low);
  const hi = Math.floor(d.high);
  if (lo > hi) throw new Error(`Dimension "${d.name}" is an integer but [${d.low}, ${d.high}] holds no integer`);
  // Log ints: lo >= 1 here (low > 0), so lo - 0.5 > 0.
  return { lo, hi, from: lo - 0.5, to: hi + 0.5 };
}

/** Checks every dimension (throws an Error naming the one at fault) and that names are unique. */
export function validateSpace(space: readonly BoDimension[]): void {
  if (!space.length) throw new Error('The search space has no dimension');
  const seen = new Set<string>();
  for (const d of space) {
    if (seen.has(d.name)) throw new Error(`Dimension "${d.name}" appears twice in the search space`);
    seen.add(d.name);
    span(d);
  }
}

const fwd = (d: BoDimension, v: number) => (d.scale === 'log' ? Math.log(v) : v);

/** A value of dimension d -> [0, 1] (values outside the bounds are clamped first). */
export function dimToUnit(d: BoDimension, value: number): number {
  const s = span(d);
  const v = Math.min(s.hi, Math.max(s.lo, value));
  const a = fwd(d, s.from);
  const b = fwd(d, s.to);
  return b === a ? 0.5 : (fwd(d, v) - a) / (b - a);
}

/** [0, 1] -> a value of dimension d: ints rounded, always inside [low, high]. */
export function dimFromUnit(d: BoDimension, u: number): number {
  const s = span(d);
  const a = fwd(d, s.from);
  const b = fwd(d, s.to);
  // The ends exactly (exp(log(1e-4)) is 1.0000000000000009e-4).
  let v = u <= 0 ? s.from : u >= 1 ? s.to : d.scale === 'log' ? Math.exp(a + u * (b - a)) : a + u * (b - a);
  if (d.type === 'int') v = Math.round(v);
  // exp(log(x)) may land one ulp outside the bounds.
  return Math.min(s.hi, Math.max(s.lo, v));
}

export function toUnit(space: readonly BoDimension[], point: BoPoint): number[] {
  return space.map((d) => {
    const v = point[d.name];
    if (typeof v !== 'number' || Number.isNaN(v)) throw new Error(`The point has no value for dimension "${d.name}"`);
    return dimToUnit(d, v);
  });
}

export function fromUnit(space: readonly BoDimension[], u: readonly number[]): BoPoint {
  const out: BoPoint = {};
  space.forEach((d, i) => (out[d.name] = dimFromUnit(d, u[i])));
  return out;
}

/** The unit-cube position of the point u actually stands for (ints: the centre of their slice). */
export function snapUnit(space: readonly BoDimension[], u: readonly number[]): number[] {
  return toUnit(space, fromUnit(space, u));
}

/** Identifies a point by its values in the space's order (for "already evaluated?" checks). */
export function pointKey(space: readonly BoDimension[], point: BoPoint): string {
  return space.map((d) => String(point[d.name])).join('|');
}

/** Number of distinct points when every dimension is an integer, else Infinity. */
export function spaceSize(space: readonly BoDimension[]): number {
  let n = 1;
  for (const d of space) {
    if (d.type !== 'int') return Infinity;
    const s = span(d);
    n *= s.hi - s.lo + 1;
  }
  return n;
}
