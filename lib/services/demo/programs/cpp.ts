// Demo task B: an AtCoder-heuristic-style routing problem in C++ (visit every point once,
// shorter closed tour = higher score) solved by simulated annealing with an iteration budget
// (not a wall-clock limit: a re-run must give the same tour). Programs are real C++17; their
// scores come from the real judge in lib/services/demo/evaluators/ahc_routing/evaluator.py (compiled,
// run on seeded cases, tours scored), where the bugs below fail for real: compile errors, an
// out-of-bounds read caught by _GLIBCXX_ASSERTIONS, a wrong answer, a time-out.
import type { BugInjector, ProgramTemplate } from './types';
import { replaceFirstLine } from './text';
import { annealApproaches, blocks, initApproaches, seed } from './cppCode';

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
  apply(lines) {
    const from = 'total += dist(tour[i], tour[(i + 1) % n]);';
    const i = lines.findIndex((l) => l.includes(from));
    if (i < 0) return null;
    const out = lines.slice();
    out[i] = lines[i].replace(from, 'total += dist(tour[i], tour[i + 1]);');
    return out;
  },
};

const skipFirst: BugInjector = {
  id: 'skip_first_city',
  apply(lines) {
    return replaceFirstLine(
      lines,
      /^ {4}for \(int i = 0; i < n; i\+\+\) printf\("%d%c", tour\[i\]/,
      "    for (int i = 1; i < n; i++) printf(\"%d%c\", tour[i], i + 1 < n ? ' ' : '\\n');",
    );
  },
};

const overTime: BugInjector = {
  id: 'over_time',
  apply(lines, rng) {
    // The budget raised far past the judge's 2 s per case (about 10-40 ns per iteration: 9 s and more).
    return replaceFirstLine(lines, /^const int MAX_ITERS = /, `const int MAX_ITERS = ${rng.pick(['1500000000', '2000000000', '900000000'])};`);
  },
};

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
  knobs: ['T0', 'T1', 'CHECK_INTERVAL', 'REVERSE_PERCENT', 'STRIPS'],
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
    'Update the temperature only every CHECK_INTERVAL iterations',
    'Geometric cooling from T0 to T1',
    'Keep the best tour seen, not the last one',
    'Coordinates are integers in [0, 1000]',
    'TODO: precompute a neighbour list',
    'Accept worse moves with probability exp(delta / temp)',
    'The tour is closed: the last city connects back to the first',
    'Reading the input is negligible next to the search',
  ],
  trailingComments: ['start temperature', 'end temperature', 'must be a power of two', 'tuned on the public cases'],
  bugs: [typo, dropInclude, outOfBounds, skipFirst, overTime],
  evaluator: 'ahc_routing',
  findFunction,
  constantsEnd(lines) {
    let last = -1;
    lines.forEach((l, i) => {
      if (/^const (int|double) [A-Z][A-Z0-9_]* = /.test(l)) last = i;
    });
    return last;
  },
  frozenLine(line) {
    return /#include|ULL|9007199254740992|x [<>]{2} \d|x <<|1e18|1000 \/|^\s*\/\/|return [01];|MAX_ITERS = /.test(line);
  },
  systemMessage: [
    'You are a competitive programmer who places high in AtCoder Heuristic Contests.',
    'Improve the C++17 solution below. Input: n (100-250) points with integer coordinates in [0, 1000]. Output: a permutation of 0..n-1, the order of a closed tour.',
    'Score per case: round(1e6 * L_nn / L), where L is your tour length and L_nn the length of the nearest-neighbour tour from city 0. combined_score = mean case score / 1e6, over the public cases.',
    'Limits: 2 s per case (a TLE, WA, runtime error or compile error scores -1000); the search budget is MAX_ITERS iterations, fixed by the judge. Compiled with g++ -O2 -std=gnu++17 -D_GLIBCXX_ASSERTIONS.',
    'Favour better neighbourhoods, faster delta evaluation and well-tuned annealing schedules.',
  ].join('\n'),
  describeArtifacts(a) {
    return Object.entries(a)
      .map(([k, v]) => `### ${k}\n\`\`\`\n${typeof v === 'string' ? v : JSON.stringify(v)}\n\`\`\``)
      .join('\n\n');
  },
};
