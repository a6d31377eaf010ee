// Time per suggestion of the Bayesian optimiser (lib/interventions/bo) in a fresh process:
// node --import tsx scripts/bench/boSuggest.ts [seeds]
// For 2, 4 and 8 dimensions, `seeds` (default 3) full 24-call loops (defaults, 8 random points,
// 15 guided) on a smooth test function (a shifted, unequally weighted quadratic bowl with a
// cosine ripple); every suggestion timed in wall and CPU milliseconds. Prints one JSON object:
// per dimension count, the guided suggestions' median/p90/max and the 24th call (23 observations,
// the largest model of the loop).
import { suggestNext, type BoDimension, type BoObservation } from '../../lib/interventions/bo/suggest';

const seeds = Number(process.argv[2] ?? 3);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (v: number) => Math.round(v * 10) / 10;

function objective(p: Record<string, number>): number {
  return Object.values(p).reduce((s, v, i) => s - (i + 1) * (v - 0.3) ** 2 + 0.05 * Math.cos(12 * v), 0);
}

const out: Record<string, unknown> = {};
for (const D of [2, 4, 8]) {
  const space: BoDimension[] = Array.from({ length: D }, (_, i) => ({ name: `k${i}`, low: 0, high: 1, scale: 'linear', type: 'float' }));
  const defaults = Object.fromEntries(space.map((d) => [d.name, 0.5]));
  const wall: number[] = [];
  const cpu: number[] = [];
  const last: { wall: number[]; cpu: number[] } = { wall: [], cpu: [] };
  for (let seed = 0; seed < seeds; seed++) {
    const history: BoObservation[] = [];
    for (let call = 0; call < 24; call++) {
      const t = performance.now();
      const c = cpuMs();
      const s = suggestNext(space, history, { seed, initialRandom: 8, defaults });
      const w = performance.now() - t;
      const u = cpuMs() - c;
      if (s.phase === 'guided') {
        wall.push(w);
        cpu.push(u);
      }
      if (call === 23) {
        last.wall.push(w);
        last.cpu.push(u);
      }
      history.push({ point: s.point, value: objective(s.point) });
    }
  }
  out[`${D}d`] = {
    guidedSuggestions: wall.length,
    wallMs: { median: round(quantile(wall, 0.5)), p90: round(quantile(wall, 0.9)), max: round(Math.max(...wall)) },
    cpuMs: { median: round(quantile(cpu, 0.5)), p90: round(quantile(cpu, 0.9)), max: round(Math.max(...cpu)) },
    call24WallMs: round(quantile(last.wall, 0.5)),
    call24CpuMs: round(quantile(last.cpu, 0.5)),
  };
}
process.stdout.write(`${JSON.stringify(out)}\n`);
