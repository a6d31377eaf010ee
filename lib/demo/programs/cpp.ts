// Demo task B: an AtCoder-heuristic-style routing problem in C++ (visit every point once,
// shorter closed tour = higher score) solved by simulated annealing. As for task A the
// evaluator is a model of a judge: it reads features and constants from the code text.
import type { Rng } from '../rng';
import {
  closeness,
  knobValue,
  type BugInjector,
  type EvaluationResult,
  type ProgramTemplate,
} from './types';
import { hasSkeleton, replaceFirstLine } from './text';
import { annealApproaches, blocks, initApproaches, seed } from './cppCode';

const CASES = 50;
const PER_CASE = 1_000_000; // a perfect tour scores 1e6 per case

const typo: BugInjector = {
  id: 'typo_best_score',
  apply(lines, rng) {
    const candidates = lines.map((l, i) => [l, i] as const).filter(([l]) => /^ {12,}best_score = cur;$/.test(l));
    if (!candidates.length) return null;
    const [line, i] = rng.pick(candidates);
    const out = lines.slice();
    out[i] = line.replace('best_score', 'bestScore');
    return out;
  },
};

const dropInclude: BugInjector = {
  id: 'drop_include',
  apply(lines) {
    const i = lines.indexOf('#include <numeric>');
    if (i < 0 || !lines.some((l) => l.includes('iota('))) return null;
    return [...lines.slice(0, i), ...lines.slice(i + 1)];
  },
};

const outOfBounds: BugInjector = {
  id: 'out_of_bounds',
  apply(lines, rng) {
    const fixes: [string, string][] = [
      ['total += dist(tour[i], tour[(i + 1) % n]);', 'total += dist(tour[i], tour[i + 1]);'],
      ['d = tour[(j + 1) % n];', 'd = tour[j + 1];'],
    ];
    const options = fixes.filter(([from]) => lines.some((l) => l.includes(from)));
    if (!options.length) return null;
    const [from, to] = rng.pick(options);
    const i = lines.findIndex((l) => l.includes(from));
    const out = lines.slice();
    out[i] = lines[i].replace(from, to);
    return out;
  },
};

const skipFirst: BugInjector = {
  id: 'skip_first_city',
  apply(lines) {
    return replaceFirstLine(
      lines,
      /^ {4}for \(int i = 0; i < n; i\+\+\) cout << tour\[i\]/,
      "    for (int i = 1; i < n; i++) cout << tour[i] << (i + 1 < n ? ' ' : '\\n');",
    );
  },
};

const overTime: BugInjector = {
  id: 'over_time',
  apply(lines, rng) {
    return replaceFirstLine(lines, /^const double TIME_LIMIT_MS = /, `const double TIME_LIMIT_MS = ${rng.pick(['2500.0', '2950.0', '3000.0', '4000.0'])};`);
  },
};

function lineOf(lines: string[], re: RegExp) {
  return lines.findIndex((l) => re.test(l));
}

function enclosingFunction(lines: string[], index: number): string {
  for (let i = index; i >= 0; i--) {
    if (/^[A-Za-z][\w:<>&*, ]*\b\w+\(.*\) \{$/.test(lines[i])) return lines[i].slice(0, -2);
  }
  return 'int main()';
}

function compileError(lines: string[], i: number, message: string, token: string): EvaluationResult {
  const col = lines[i].indexOf(token) + 1;
  const stderr = [
    `main.cpp: In function '${enclosingFunction(lines, i)}':`,
    `main.cpp:${i + 1}:${col}: error: ${message}`,
    `${String(i + 1).padStart(5)} | ${lines[i]}`,
    `      | ${' '.repeat(col - 1)}^${'~'.repeat(Math.max(0, token.length - 1))}`,
  ].join('\n');
  return {
    metrics: { combined_score: -1000.0, public_score: 0.0, runtime_ms: 0.0 },
    artifacts: { compile_stderr: stderr, failure_stage: 'compile' },
    failed: true,
    fitness: -Infinity,
    evalSeconds: 4.5,
  };
}

function evaluate(code: string, noise: Rng): EvaluationResult {
  const lines = code.split('\n');
  let i = lineOf(lines, /\bbestScore\b/);
  if (i >= 0) return compileError(lines, i, "'bestScore' was not declared in this scope; did you mean 'best_score'?", 'bestScore');
  if (!lines.includes('#include <numeric>') && (i = lineOf(lines, /\biota\(/)) >= 0) {
    return compileError(lines, i, "'iota' was not declared in this scope", 'iota');
  }
  if ((i = lineOf(lines, /total \+= dist\(tour\[i\], tour\[i \+ 1\]\);|d = tour\[j \+ 1\];/)) >= 0) {
    const crashCase = String(noise.int(0, CASES - 1)).padStart(4, '0');
    return {
      metrics: { error: 0.0 },
      artifacts: {
        stderr: `case ${crashCase}: Segmentation fault (core dumped)`,
        exit_code: 139,
        failure_stage: 'evaluation',
      },
      failed: true,
      fitness: -Infinity,
      evalSeconds: noise.float(6, 12),
    };
  }

  const init = initApproaches.find((a) => lines.some((l) => a.signature.test(l)))?.id ?? 'identity';
  const anneal = annealApproaches.find((a) => lines.some((l) => a.signature.test(l)))?.id ?? 'swap';
  const has = (id: string) => hasSkeleton(lines, blocks.find((b) => b.id === id)!.lines[0]);
  const limit = knobValue(code, 'TIME_LIMIT_MS') ?? 1800;
  const check = knobValue(code, 'CHECK_INTERVAL') ?? 256;
  const perIterUs = { swap: 24, two_opt: 0.06, or_opt: 5 }[anneal] ?? 1;
  const initMs = { nearest_neighbour: 11, strip_sweep: 1.2, identity: 0.1 }[init] ?? 1;
  const runtime = limit + initMs + (check * perIterUs) / 1000 + 6 + noise.float(0, 28);
  if (runtime > 2000 || lines.some((l) => /^ {4}for \(int i = 1; i < n; i\+\+\) cout << tour\[i\]/.test(l))) {
    const tle = runtime > 2000;
    const bad = String(noise.int(0, CASES - 1)).padStart(4, '0');
    return {
      metrics: { combined_score: -1000.0, public_score: 0.0, runtime_ms: tle ? Math.round(runtime) : round3(runtime) },
      artifacts: {
        stderr: tle
          ? `case ${bad}: time limit exceeded (${Math.round(runtime)} ms > 2000 ms)`
          : `case ${bad}: wrong answer: output has 999 cities, expected a permutation of 1000`,
        verdict: tle ? 'TLE' : 'WA',
        failure_stage: 'evaluation',
      },
      failed: true,
      fitness: -Infinity,
      evalSeconds: CASES * Math.min(runtime, 2000) / 1000 / 8 + 3,
    };
  }

  let r = { nearest_neighbour: 0.5, strip_sweep: 0.44, identity: 0.22 }[init] ?? 0.22;
  if (init === 'strip_sweep') r += 0.04 * closeness(knobValue(code, 'STRIPS'), 16, 0.5);
  const gain = { swap: 0.12, two_opt: 0.36, or_opt: 0.39 }[anneal] ?? 0.12;
  const t0Opt = { swap: 400, two_opt: 150, or_opt: 180 }[anneal] ?? 150;
  const parts = [closeness(knobValue(code, 'T0'), t0Opt, 1.2), closeness(knobValue(code, 'T1'), 1.5, 1.5)];
  if (anneal === 'or_opt') parts.push(closeness(knobValue(code, 'REVERSE_PERCENT'), 65, 0.4));
  const tuned = parts.reduce((s, x) => s + x, 0) / parts.length;
  const time = Math.min(1, limit / 1900) ** 0.6;
  r += gain * (0.3 + 0.7 * tuned) * time;
  if (has('restart_best')) r += anneal === 'swap' ? 0.003 : 0.008;
  if (has('polish')) r += 0.01;
  if (has('reheat')) r += anneal === 'two_opt' ? 0.002 : -0.004;
  if (has('neighbour_window')) r += 0.02;
  if (lines.some((l) => l.trim() === 'temp = T0 + (T1 - T0) * progress;')) r -= 0.02;
  if (lines.some((l) => l.trim() === 'temp = T0 * pow(T1 / T0, progress * progress);')) r -= 0.005;
  if (r > 0.86) r = 0.86 + (r - 0.86) * 0.5;
  r += noise.gaussian(0, 0.003);
  const publicScore = Math.round(Math.min(0.97, r) * CASES * PER_CASE);
  const worst = String(noise.int(0, CASES - 1)).padStart(4, '0');
  return {
    metrics: { combined_score: publicScore / (CASES * PER_CASE), public_score: publicScore, runtime_ms: round3(runtime) },
    artifacts: {
      cases: CASES,
      max_runtime_ms: round3(runtime + noise.float(2, 30)),
      worst_case: worst,
      stderr_tail: `length=${(2.6e4 / Math.max(0.2, r)).toFixed(2)}`,
    },
    failed: false,
    fitness: publicScore / (CASES * PER_CASE),
    evalSeconds: (CASES * runtime) / 1000 / 8 + 3.2,
  };
}

function round3(x: number) {
  return Math.round(x * 1000) / 1000;
}

function findFunction(lines: string[], fn: string): [number, number] | null {
  const re = new RegExp(`^[A-Za-z][\\w:<>&*, ]*\\b${fn}\\(.*\\) \\{$`);
  const start = lines.findIndex((l) => re.test(l));
  if (start < 0) return null;
  const close = lines.indexOf('}', start + 1);
  return close < 0 ? null : [start, close + 1];
}

export const ahcHeuristic: ProgramTemplate = {
  task: 'ahc_heuristic',
  language: 'cpp',
  fence: 'cpp',
  ext: '.cpp',
  commentPrefix: '//',
  seed,
  knobs: ['TIME_LIMIT_MS', 'T0', 'T1', 'CHECK_INTERVAL', 'REVERSE_PERCENT', 'STRIPS'],
  blocks,
  lineVariants: [
    {
      id: 'accept',
      variants: [
        'if (delta >= 0 || rng.next_double() < exp(delta / temp)) {',
        'if (delta > 0 || rng.next_double() < exp(delta / temp)) {',
        'if (delta >= 0 || exp(delta / temp) > rng.next_double()) {',
      ],
    },
    { id: 'cooling', variants: ['temp = T0 * pow(T1 / T0, progress);', 'temp = T0 + (T1 - T0) * progress;', 'temp = T0 * pow(T1 / T0, progress * progress);'] },
    { id: 'xorshift_seed', variants: ['uint64_t x = 88172645463325252ULL;', 'uint64_t x = 2463534242ULL;'] },
    { id: 'dist', variants: ['return sqrt(dx * dx + dy * dy);', 'return hypot(dx, dy);'] },
  ],
  slots: [
    { fn: 'initial_tour', approaches: initApproaches },
    { fn: 'anneal', approaches: annealApproaches },
  ],
  comments: [
    '2-opt would avoid the O(n) re-evaluation here',
    'Check the clock only every CHECK_INTERVAL iterations',
    'Geometric cooling from T0 to T1',
    'Keep the best tour seen, not the last one',
    'Coordinates are integers in [0, 1000]',
    'TODO: precompute a neighbour list',
    'Accept worse moves with probability exp(delta / temp)',
    'The tour is closed: the last city connects back to the first',
    'Reading the input is negligible next to the search',
  ],
  trailingComments: ['ms, the judge allows 2000', 'start temperature', 'end temperature', 'must be a power of two', 'tuned on the public cases'],
  bugs: [typo, dropInclude, outOfBounds, skipFirst, overTime],
  evaluate,
  findFunction,
  constantsEnd(lines) {
    let last = -1;
    lines.forEach((l, i) => {
      if (/^const (int|double) [A-Z][A-Z0-9_]* = /.test(l)) last = i;
    });
    return last;
  },
  frozenLine(line) {
    return /#include|ULL|9007199254740992|x [<>]{2} \d|x <<|1e18|1000 \/|^\s*\/\/|return 0;/.test(line);
  },
  systemMessage: [
    'You are a competitive programmer who places high in AtCoder Heuristic Contests.',
    'Improve the C++17 solution below. Input: n (1000) points with integer coordinates in [0, 1000]. Output: a permutation of 0..n-1, the order of a closed tour.',
    'Score per case: round(1e6 * L_ref / L) capped at 1e6, where L is the tour length. The public score is the sum over 50 public cases; combined_score = public_score / 5e7.',
    'Time limit: 2000 ms per case (a TLE, WA or compile error scores -1000). Memory: 1024 MB. Compiled with g++ -O2 -std=gnu++17.',
    'Favour better neighbourhoods, faster delta evaluation and well-tuned annealing schedules.',
  ].join('\n'),
  describeArtifacts(a) {
    return Object.entries(a)
      .map(([k, v]) => `### ${k}\n\`\`\`\n${typeof v === 'string' ? v : JSON.stringify(v)}\n\`\`\``)
      .join('\n\n');
  },
};
