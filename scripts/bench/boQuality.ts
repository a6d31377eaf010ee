// How often the Bayesian optimiser (lib/interventions/bo) finds a known optimum within 24 calls,
// against seeded random search with the same budget, in a fresh process:
// node --import tsx scripts/bench/boQuality.ts [seeds]
//   branin-2d: Branin negated on [-5, 10] x [0, 15] (max -0.397887), found = within 0.1
//   bump-4d:   a Gaussian bump (sd 0.08) at (0.72, 0.31) in (a, b) on a 0.1 * a slope, c and d
//              irrelevant (max ~1.072), found = within 0.05
// BO: defaults at the centre, then 5 (2-D) or 8 (4-D) random points, then guided. Prints one
// JSON object: per problem, seeds, BO's and random search's success counts.
import { Rng } from '../../lib/analysis/rng';
import { suggestNext, type BoDimension, type BoObservation } from '../../lib/interventions/bo/suggest';

const seeds = Number(process.argv[2] ?? 20);
type F = (p: Record<string, number>) => number;

const negBranin: F = ({ x, y }) => {
  const b = 5.1 / (4 * Math.PI ** 2);
  return -((y - b * x * x + (5 / Math.PI) * x - 6) ** 2 + 10 * (1 - 1 / (8 * Math.PI)) * Math.cos(x) + 10);
};
const bump: F = (p) => Math.exp(-((p.a - 0.72) ** 2 + (p.b - 0.31) ** 2) / (2 * 0.08 ** 2)) + 0.1 * p.a;

const unit = (names: string[]): BoDimension[] => names.map((name) => ({ name, low: 0, high: 1, scale: 'linear', type: 'float' }));
const problems = [
  {
    name: 'branin-2d',
    f: negBranin,
    max: -0.39788735772973816,
    tolerance: 0.1,
    initialRandom: 5,
    space: [
      { name: 'x', low: -5, high: 10, scale: 'linear', type: 'float' },
      { name: 'y', low: 0, high: 15, scale: 'linear', type: 'float' },
    ] as BoDimension[],
  },
  // The bump's maximum: d/da (exp(-(a - 0.72)^2 / (2 s^2)) + 0.1 a) = 0 at a = 0.72 + 0.1 s^2 (to first order).
  { name: 'bump-4d', f: bump, max: bump({ a: 0.72 + 0.1 * 0.08 ** 2, b: 0.31 }), tolerance: 0.05, initialRandom: 8, space: unit(['a', 'b', 'c', 'd']) },
];

const out: Record<string, unknown> = {};
for (const pb of problems) {
  let bo = 0;
  let random = 0;
  const defaults = Object.fromEntries(pb.space.map((d) => [d.name, (d.low + d.high) / 2]));
  for (let seed = 0; seed < seeds; seed++) {
    const history: BoObservation[] = [];
    for (let i = 0; i < 24; i++) {
      const s = suggestNext(pb.space, history, { seed, initialRandom: pb.initialRandom, defaults });
      history.push({ point: s.point, value: pb.f(s.point) });
    }
    if (pb.max - Math.max(...history.map((h) => h.value!)) <= pb.tolerance) bo++;
    const rng = new Rng(`random-search:${seed}`);
    let best = -Infinity;
    for (let i = 0; i < 24; i++) best = Math.max(best, pb.f(Object.fromEntries(pb.space.map((d) => [d.name, rng.float(d.low, d.high)]))));
    if (pb.max - best <= pb.tolerance) random++;
  }
  out[pb.name] = { seeds, calls: 24, tolerance: pb.tolerance, boFound: bo, randomFound: random };
}
process.stdout.write(`${JSON.stringify(out)}\n`);
