// Demo task A: circle packing (26 circles in the unit square, maximise the sum of radii),
// the classic OpenEvolve example. Programs are real Python (numpy); their scores come from
// the real evaluator in lib/services/demo/evaluators/circle_packing/evaluator.py. The bugs below fail
// for real there: NameError, SyntaxError, IndexError, a wrong number of circles, a time-out.
// Time limits sit far from both sides (working programs take ~0.3-1 s, huge budgets > 30 s),
// so a verdict does not depend on how busy the machine is.
import { knobValue, type BugInjector, type ProgramTemplate } from './types';
import { findPythonFunction, replaceFirstLine } from './text';
import { blocks, initApproaches, radiiApproaches, refineApproaches, seed } from './pythonCode';

/** Replaces the last right-hand-side `centers` in a line with a misspelling. */
const typoCentres: BugInjector = {
  id: 'typo_centres',
  apply(lines, rng) {
    const candidates = lines
      .map((l, i) => [l, i] as const)
      .filter(([l]) => /^ {4,}\S/.test(l) && / = .*\bcenters\b/.test(l) && !l.includes('"""'));
    if (!candidates.length) return null;
    const [line, i] = rng.pick(candidates);
    const at = line.lastIndexOf('centers');
    const out = lines.slice();
    out[i] = `${line.slice(0, at)}centres${line.slice(at + 'centers'.length)}`;
    return out;
  },
};

const dropCircle: BugInjector = {
  id: 'drop_circle',
  apply(lines) {
    const i = lines.findIndex((l) => /^ {4}centers = initial_centers\(/.test(l));
    if (i < 0) return null;
    return [...lines.slice(0, i + 1), '    centers = centers[:N_CIRCLES - 1]', ...lines.slice(i + 1)];
  },
};

const unclosedParen: BugInjector = {
  id: 'unclosed_paren',
  apply(lines, rng) {
    const candidates = lines
      .map((l, i) => [l, i] as const)
      .filter(([l]) => /^ {4,}\S/.test(l) && /\)\)$/.test(l) && !l.trim().startsWith('#'));
    if (!candidates.length) return null;
    const [line, i] = rng.pick(candidates);
    const out = lines.slice();
    out[i] = line.slice(0, -1);
    return out;
  },
};

const hugeBudget: BugInjector = {
  id: 'huge_budget',
  apply(lines, rng) {
    const v = knobValue(lines.join('\n'), 'N_ITERS');
    if (v === null) return null;
    // Far past the evaluator's 10 s limit whatever the approach (about 0.1 ms per iteration).
    return replaceFirstLine(lines, /^N_ITERS = /, `N_ITERS = ${Math.round(v * rng.pick([200, 400, 1000]))}`);
  },
};

const offByOne: BugInjector = {
  id: 'off_by_one',
  apply(lines) {
    const i = lines.findIndex((l) => l.trim() === 'radii[j] *= scale');
    if (i < 0) return null;
    const out = lines.slice();
    out[i] = lines[i].replace('radii[j]', 'radii[j + 1]');
    return out;
  },
};

export const circlePacking: ProgramTemplate = {
  task: 'circle_packing',
  language: 'python',
  fence: 'python',
  ext: '.py',
  commentPrefix: '#',
  seed,
  knobs: ['LEARNING_RATE', 'N_ITERS', 'COOLING_RATE', 'PENALTY_WEIGHT', 'BORDER_MARGIN', 'INNER_RING', 'OUTER_RING', 'GRID_INSET', 'CANDIDATES', 'HEX_PAD', 'TEMPERATURE'],
  blocks,
  lineVariants: [
    { id: 'dist_norm', variants: ['dist = np.sqrt(np.sum(diff ** 2, axis=-1)) + np.eye(n)', 'dist = np.linalg.norm(diff, axis=-1) + np.eye(n)'] },
    { id: 'pair_check', variants: ['if radii[i] + radii[j] > dist:', 'if radii[i] + radii[j] > dist - 1e-12:'] },
    {
      id: 'pair_dist',
      variants: [
        'dist = np.sqrt(np.sum((centers[i] - centers[j]) ** 2))',
        'dist = np.linalg.norm(centers[i] - centers[j])',
        'dist = float(np.hypot(*(centers[i] - centers[j])))',
      ],
    },
    { id: 'radii_init', variants: ['radii = np.min(np.hstack([centers, 1 - centers]), axis=1)', 'radii = np.minimum(np.min(centers, axis=1), np.min(1 - centers, axis=1))'] },
    { id: 'rng_seed', variants: ['rng = np.random.default_rng(42)', 'rng = np.random.default_rng(0)', 'rng = np.random.default_rng(2024)'] },
  ],
  slots: [
    { fn: 'initial_centers', approaches: initApproaches },
    { fn: 'refine', approaches: refineApproaches },
    { fn: 'compute_max_radii', approaches: radiiApproaches },
  ],
  comments: [
    'Vectorised pairwise differences, shape (n, n, 2)',
    'Keep circles strictly inside the unit square',
    'TODO: try a hexagonal start instead of rings',
    'Cooling keeps late steps small so contacts can settle',
    'Larger circles near the corners waste less space',
    'The evaluator scores the sum of radii, so grow everything a little',
    'Deterministic seed so the evaluator sees the same packing every time',
    'NOTE: compute_max_radii is O(n^2), fine for n = 26',
    'Penalty pushes centres back from the walls',
    'Shrink pairs proportionally so neither circle is favoured',
  ],
  trailingComments: [
    'initial step of the update',
    'per-iteration decay of the step',
    'tuned',
    'smaller is more stable',
    'more iterations help up to about 5k',
    'keep away from the walls',
    'weight of the overlap penalty',
  ],
  bugs: [typoCentres, dropCircle, unclosedParen, hugeBudget, offByOne],
  evaluator: 'circle_packing',
  findFunction: findPythonFunction,
  constantsEnd(lines) {
    let last = -1;
    lines.forEach((l, i) => {
      if (/^[A-Z][A-Z0-9_]* = /.test(l)) last = i;
    });
    return last;
  },
  frozenLine(line) {
    return /^N_CIRCLES = |^import |^from |EVOLVE-BLOCK|"""|rows = \[|^\s*#/.test(line);
  },
  systemMessage: [
    'You are an expert in computational geometry and numerical optimisation working on a packing problem.',
    'Improve the constructor so that it places 26 non-overlapping circles inside the unit square and maximises the sum of their radii.',
    'The best published value for n = 26 is about 2.635. The evaluator calls run_packing(), checks that every circle lies inside the square and that no two circles overlap, and reports sum_radii, validity and eval_time; combined_score = sum_radii / 2.635 when the packing is valid, 0 otherwise. run_packing() gets 10 seconds.',
    'Useful directions: better initial layouts (hexagonal or staggered rows, corner placement), joint optimisation of centres and radii, penalty methods, annealing schedules.',
    'Keep the program deterministic (seeded) and well under 10 seconds. numpy is available; scipy is not.',
  ].join('\n'),
};
