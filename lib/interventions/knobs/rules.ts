// The offline knob finder's stated rules: which numeric literals are not knobs (each exclusion
// has an id, reported per literal), the interval each kept literal gets (modelled on the range
// guidelines and hard rules of the paper's B.9 prompt), and the order in which the cap of 8 keeps
// them. RULES is the table the page shows; the functions below implement exactly its rows.
import type { KnobLanguage } from '../../contracts/interventionTypes';
import type { LiteralContext } from './context';
import type { LiteralSite } from './literals';

export interface KnobRule {
  id: string;
  kind: 'exclude' | 'interval' | 'hard' | 'priority';
  text: string;
}

export const MAX_KNOBS = 8;

export const RULES: readonly KnobRule[] = [
  { id: 'bit-pattern', kind: 'exclude', text: 'Hex, binary or octal spellings (bit patterns, masks) and Python imaginary numbers.' },
  { id: 'zero-one', kind: 'exclude', text: 'The values 0, 1 and -1 in any spelling (identities, boolean-ish flags, off-by-one terms).' },
  { id: 'too-large', kind: 'exclude', text: 'Magnitudes above 2^53 (hashes, RNG states: not exactly representable) and spellings longer than 64 characters.' },
  { id: 'sentinel', kind: 'exclude', text: 'Magnitudes of 1e9 or more (1e18, 1e9+7: infinity stand-ins, moduli).' },
  { id: 'math-constant', kind: 'exclude', text: 'Approximations of pi, pi/2, 2pi, e, sqrt(2), sqrt(3), ln 2 or the golden ratio written with at least 4 significant digits.' },
  { id: 'power-of-two', kind: 'exclude', text: 'Integer powers of two of 64 or more: sizes, masks and scale factors (a non-power breaks `x & (N - 1)`).' },
  { id: 'in-string', kind: 'exclude', text: 'Inside a string, including f-string replacement fields.' },
  { id: 'preprocessor', kind: 'exclude', text: 'Inside a C/C++ preprocessor directive or #if condition (a name there would silently read as 0).' },
  { id: 'index', kind: 'exclude', text: 'Array indices, subscripts, slices and dict keys.' },
  { id: 'shape', kind: 'exclude', text: 'Shapes and sizes: C array sizes, template arguments, arguments of zeros/ones/empty/full/reshape/resize/reserve/eye, shape/size/axis/dim/dtype keywords.' },
  { id: 'collection', kind: 'exclude', text: 'A direct element of a list, tuple, set or brace initializer (tables, vertices, basis vectors, shapes).' },
  { id: 'type-level', kind: 'exclude', text: 'Compile-time structure: enumerator values, bit-field widths, case labels, static_assert, attributes, decorators, type annotations.' },
  { id: 'pattern', kind: 'exclude', text: 'Python match/case patterns (a PARAMS lookup is not a valid pattern).' },
  { id: 'user-literal', kind: 'exclude', text: 'The number of a C++ user-defined literal (10ms, 1.5_km): a name cannot carry the suffix.' },
  { id: 'loop-bound', kind: 'exclude', text: 'Loop bounds: arguments of range() and anything in a C/C++ for-loop header (initialiser, condition, update).' },
  { id: 'bit-op', kind: 'exclude', text: 'Operands of << >> & | ^ and their compound assignments.' },
  { id: 'power-identity', kind: 'exclude', text: 'Exponents 2, 3 and 0.5 (right of ** or the second argument of pow): squares, cubes and roots.' },
  { id: 'factor-of-two', kind: 'exclude', text: '2 or 0.5 as an operand of *, / , // or % (doubling, halving, parity).' },
  { id: 'seed', kind: 'exclude', text: 'Random seeds: arguments of seed/default_rng/RandomState/Random/srand/manual_seed and of random engine constructors (mt19937 rng(42)), seed/random_state keywords, names containing "seed", values given to rng/prng/gen/engine.' },
  { id: 'output', kind: 'exclude', text: 'Arguments of output calls (print, printf, fprintf, format, setprecision, setw, round) verbose/decimals keywords, and values compared with the result of an input call (`scanf(...) != 2`).' },
  { id: 'problem-constant', kind: 'exclude', text: 'Problem constants by name (case-insensitive): n, m, k, d, dim, dims, ndim, n_circles, num_circles, n_points, num_points, n_cities, grid, grid_size, grid_n, board_size, size, width, height.' },
  { id: 'evaluator-facing', kind: 'exclude', text: 'Evaluator-facing values: wall-time budgets (names with time but not times, deadline, TL), comparisons against time/elapsed/clock, code under `if __name__ == "__main__":`, default arguments of entry functions (main, run, run_*, solve, evaluate, entrypoint).' },
  { id: 'repeated', kind: 'exclude', text: 'A value written more than once in the program (ambiguous: the copies may be coupled, B.9 skips them).' },
  { id: 'cap', kind: 'exclude', text: `Past the cap of ${MAX_KNOBS} knobs (B.9: BO budget scales poorly beyond), in the priority order below.` },
  { id: 'int-budget', kind: 'interval', text: 'Integer >= 10 named like an iteration budget (iter, epoch, round, step, budget, generation, sweep, pass): log [max(1, x/5), 5x].' },
  { id: 'int-count', kind: 'interval', text: 'Other integer >= 10 (restarts, samples, population): log [max(1, x/10), 10x].' },
  { id: 'int-percent', kind: 'interval', text: 'Integer 2..99 named percent/pct: linear [2, 100] (low 2, not 1, keeps it linear under the high/low >= 100 rule).' },
  { id: 'int-small', kind: 'interval', text: 'Integer 2..9 (small categorical): linear [1, max(5x, 20)].' },
  { id: 'int-negative', kind: 'interval', text: 'Negative integer: linear [-max(5|x|, 20), -1].' },
  { id: 'float-cooling', kind: 'interval', text: 'Cooling / decay factor (0.9 <= x < 1, or 0 < x < 1 named cool/decay/anneal/momentum/gamma/rho/discount/shrink): linear [0.5 (x/2 when x < 0.5), max(0.99999, (1+x)/2)].' },
  { id: 'float-probability', kind: 'interval', text: 'Probability or share (0 < x < 1 named prob/frac/ratio/accept/share/percent/pct/quantile): linear [0, 1].' },
  { id: 'float-tolerance', kind: 'interval', text: 'Tolerance (x > 0 named tol/eps/thresh/conv/precision, or x <= 1e-4): log [x/1000, 1000x].' },
  { id: 'float-log', kind: 'interval', text: 'Positive float below 1 or above 100, or named like a step, rate, temperature, weight, scale or noise: log [x/100, 100x].' },
  { id: 'float-linear', kind: 'interval', text: 'Other positive float (1..100): linear [x/4, 4x] (one order of magnitude wide).' },
  { id: 'float-negative', kind: 'interval', text: 'Negative float: linear [4x, x/4].' },
  { id: 'hard-int', kind: 'hard', text: 'Integers: low = max(1, floor(low)) (negative ones: floor), high = ceil(high); C/C++ literals without a long suffix stay <= 2^31-1.' },
  { id: 'hard-log', kind: 'hard', text: 'high/low >= 100 (low > 0) forces log scale; low <= 0 forces linear.' },
  { id: 'priority', kind: 'priority', text: 'Cap order: names suggesting a tunable (rate, step, temp, tol, alpha, beta, sigma, iters, decay, cool, weight, penalty, eps, lr, margin, scale ...) first, then floats before ints, then named constants (module-level or const/constexpr) before inline literals, then source order.' },
];

const PROBLEM_NAMES = new Set([
  'n', 'm', 'k', 'd', 'dim', 'dims', 'ndim', 'n_dim', 'n_dims', 'n_circles', 'num_circles', 'n_points', 'num_points',
  'n_cities', 'num_cities', 'grid', 'grid_size', 'grid_n', 'board_size', 'size', 'width', 'height',
]);
const SHAPE_CALLS = new Set(['zeros', 'ones', 'empty', 'full', 'reshape', 'resize', 'reserve', 'eye', 'identity']);
const SEED_CALLS = new Set(['seed', 'default_rng', 'RandomState', 'Random', 'srand', 'manual_seed', 'mt19937', 'mt19937_64', 'PCG64', 'default_random_engine', 'minstd_rand', 'ranlux24', 'ranlux48']);
const SEED_NAMES = /seed|^(rng|prng|gen|engine|random_engine)$/i;
const OUTPUT_CALLS = new Set(['print', 'printf', 'fprintf', 'sprintf', 'snprintf', 'format', 'setprecision', 'setw', 'round', 'puts']);
/** Input calls: a literal compared with their result is an item count (`scanf(...) != 2`). */
const INPUT_CALLS = new Set(['scanf', 'fscanf', 'sscanf', 'read', 'fread', 'getline', 'input', 'readline']);
const SHAPE_KEYWORDS = new Set(['axis', 'axes', 'dim', 'shape', 'size', 'dtype', 'ndmin', 'maxsize']);
const SEED_KEYWORDS = new Set(['seed', 'random_state']);
const OUTPUT_KEYWORDS = new Set(['verbose', 'decimals', 'n_jobs', 'flush']);
const POW_CALLS = new Set(['pow', 'powf', 'powl', 'power', 'float_power']);
const ENTRY = /^(main|run|run_\w+|solve|evaluate|entrypoint)$/;
const MATH_CONSTANTS = [Math.PI, Math.PI / 2, 2 * Math.PI, Math.E, Math.SQRT2, Math.sqrt(3), Math.LN2, (1 + Math.sqrt(5)) / 2];
export const TUNABLE_NAME = /rate|step|temp|tol|alpha|beta|gamma|sigma|iter|decay|cool|weight|penalty|eps|lr|margin|scale|lambda|momentum|budget|anneal|noise|thresh|^t\d$/i;

const significantDigits = (text: string) => text.replace(/[eE].*$/, '').replace(/[^0-9]/g, '').replace(/^0+/, '').length;

/** Rules that depend on the literal's value and spelling only. */
function valueRule(site: LiteralSite): string | null {
  if (site.nonDecimal) return 'bit-pattern';
  if (!Number.isFinite(site.value)) return 'bit-pattern';
  const a = Math.abs(site.value);
  if (a === 0 || a === 1) return 'zero-one';
  if (a > Number.MAX_SAFE_INTEGER || site.text.length > 64) return 'too-large';
  if (a >= 1e9) return 'sentinel';
  if (significantDigits(site.text) >= 4 && MATH_CONSTANTS.some((c) => Math.abs(a - c) / c < 1e-3)) return 'math-constant';
  if (Number.isInteger(a) && a >= 64 && (a & (a - 1)) === 0 && a <= 2 ** 30) return 'power-of-two';
  if (Number.isInteger(a) && a > 2 ** 30 && Number.isInteger(Math.log2(a))) return 'power-of-two';
  return null;
}

/** The exclusion rule of one literal in its context, or null when it may be a knob ('repeated' and 'cap' are decided over the whole program). */
export function exclusionRule(site: LiteralSite, ctx: LiteralContext, language: KnobLanguage): string | null {
  const byValue = valueRule(site);
  if (byValue) return byValue;
  const z = ctx.zones;
  if (z.has('string')) return 'in-string';
  if (z.has('preprocessor')) return 'preprocessor';
  if (z.has('index')) return 'index';
  if (z.has('shape')) return 'shape';
  if (z.has('type-level')) return 'type-level';
  if (z.has('pattern')) return 'pattern';
  if (z.has('user-literal')) return 'user-literal';
  if (z.has('collection')) return 'collection';
  if (z.has('loop-header') || (language === 'python' && ctx.callee === 'range')) return 'loop-bound';
  const op = ctx.operator ?? '';
  const a = Math.abs(site.value);
  if (['<<', '>>', '&', '|', '^', '<<=', '>>=', '&=', '|=', '^='].includes(op)) return 'bit-op';
  if ((op === '**' || op === '**=') && ctx.rightOperand && [2, 3, 0.5].includes(a)) return 'power-identity';
  if (ctx.callee && POW_CALLS.has(ctx.callee) && ctx.argIndex === 1 && [2, 3, 0.5].includes(a)) return 'power-identity';
  if ((a === 2 || a === 0.5) && (['*', '*='].includes(op) || (ctx.rightOperand && ['/', '//', '%', '/=', '//=', '%='].includes(op)))) return 'factor-of-two';
  if (ctx.callee && SHAPE_CALLS.has(ctx.callee)) return 'shape';
  if (ctx.keyword && SHAPE_KEYWORDS.has(ctx.keyword)) return 'shape';
  if ((ctx.callee && SEED_CALLS.has(ctx.callee)) || (ctx.keyword && SEED_KEYWORDS.has(ctx.keyword)) || (ctx.role === 'assign' && SEED_NAMES.test(ctx.name ?? '')) || /seed/i.test(ctx.name ?? '')) return 'seed';
  if ((ctx.callee && OUTPUT_CALLS.has(ctx.callee)) || (ctx.keyword && OUTPUT_KEYWORDS.has(ctx.keyword))) return 'output';
  if (ctx.comparedCall && INPUT_CALLS.has(ctx.comparedCall)) return 'output';
  if (ctx.name && ctx.role !== 'compare' && ctx.role !== 'return' && PROBLEM_NAMES.has(ctx.name.toLowerCase())) return 'problem-constant';
  if (/time(?!s)|deadline|^tl$/i.test(ctx.name ?? '') && ctx.role !== 'compare') return 'evaluator-facing';
  if (ctx.role === 'compare' && /time|elapsed|clock|deadline/i.test(ctx.name ?? '')) return 'evaluator-facing';
  if (z.has('main-guard')) return 'evaluator-facing';
  if (ctx.defaultOf && ENTRY.test(ctx.defaultOf)) return 'evaluator-facing';
  return null;
}

export interface Interval {
  low: number;
  high: number;
  scale: 'linear' | 'log';
  rule: string;
}

const BUDGET_NAME = /iter|epoch|round|step|budget|generation|sweep|pass/i;
const COOLING_NAME = /cool|decay|anneal|momentum|gamma|rho|discount|shrink/i;
const PROBABILITY_NAME = /prob|frac|ratio|accept|share|percent|pct|quantile/i;
const TOLERANCE_NAME = /tol|eps|thresh|conv|precision/i;
const LOG_NAME = /step|rate|lr|temp|weight|penalty|reward|scale|sigma|amp|alpha|beta|lambda|noise|^t\d$/i;

/** The interval rule (RULES, kind 'interval') for a kept literal, before the hard rules. */
function baseInterval(x: number, type: 'int' | 'float', name: string): Interval {
  if (type === 'int') {
    if (x >= 2 && x < 100 && /percent|pct/i.test(name)) return { low: 2, high: 100, scale: 'linear', rule: 'int-percent' };
    if (x >= 10 && BUDGET_NAME.test(name)) return { low: Math.max(1, x / 5), high: x * 5, scale: 'log', rule: 'int-budget' };
    if (x >= 10) return { low: Math.max(1, x / 10), high: x * 10, scale: 'log', rule: 'int-count' };
    if (x >= 2) return { low: 1, high: Math.max(5 * x, 20), scale: 'linear', rule: 'int-small' };
    return { low: -Math.max(5 * Math.abs(x), 20), high: -1, scale: 'linear', rule: 'int-negative' };
  }
  if (x < 0) return { low: 4 * x, high: x / 4, scale: 'linear', rule: 'float-negative' };
  if (x < 1 && (x >= 0.9 || COOLING_NAME.test(name))) return { low: x >= 0.5 ? 0.5 : x / 2, high: Math.max(0.99999, (1 + x) / 2), scale: 'linear', rule: 'float-cooling' };
  if (x < 1 && PROBABILITY_NAME.test(name)) return { low: 0, high: 1, scale: 'linear', rule: 'float-probability' };
  if (TOLERANCE_NAME.test(name) || x <= 1e-4) return { low: x / 1000, high: x * 1000, scale: 'log', rule: 'float-tolerance' };
  if (x < 1 || x > 100 || LOG_NAME.test(name)) return { low: x / 100, high: x * 100, scale: 'log', rule: 'float-log' };
  return { low: x / 4, high: x * 4, scale: 'linear', rule: 'float-linear' };
}

const INT32_MAX = 2 ** 31 - 1;

/** B.9's hard rules on an interval: integer bounds, log when high/low >= 100, linear when low <= 0; the value always inside. */
export function applyHardRules(iv: { low: number; high: number; scale: 'linear' | 'log' }, value: number, type: 'int' | 'float', opts: { int32?: boolean } = {}) {
  let { low, high, scale } = iv;
  if (type === 'int') {
    low = value >= 1 ? Math.max(1, Math.floor(low)) : Math.floor(low);
    high = Math.ceil(high);
    if (opts.int32) high = Math.min(high, INT32_MAX);
  }
  // Bounds are derived numbers: 12 significant digits hide float noise (0.41/100 -> 0.0041).
  low = Math.min(Number(low.toPrecision(12)), value);
  high = Math.max(Number(high.toPrecision(12)), value);
  if (low > 0 && high / low >= 100) scale = 'log';
  if (low <= 0 && scale === 'log') scale = 'linear';
  return { low, high, scale };
}

/** The interval of a kept literal: its base rule, then the hard rules. */
export function intervalFor(site: LiteralSite, name: string, language: KnobLanguage): Interval {
  const base = baseInterval(site.value, site.type, name);
  const int32 = language === 'cpp' && site.type === 'int' && !/l/i.test(site.suffix);
  return { ...applyHardRules(base, site.value, site.type, { int32 }), rule: base.rule };
}

/** Sort key of the cap (smaller first): tunable-sounding name, float, named constant, source order. */
export function priorityKey(name: string, site: LiteralSite, ctx: LiteralContext): number[] {
  return [TUNABLE_NAME.test(name) ? 0 : 1, site.type === 'float' ? 0 : 1, ctx.namedConstant ? 0 : 1, site.start];
}
