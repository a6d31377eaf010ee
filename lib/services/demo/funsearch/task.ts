// The FunSearch demo's task: a priority function for online bin packing (FunSearch's own
// bin-packing specification), as a ProgramTemplate so the demo's "LLM" (lib/services/demo/edits.ts)
// edits it the way it edits the other tasks: retunes of the constants, optional blocks,
// equivalent lines, rewrites of fit_score, comments and bugs. Every program is real Python,
// scored by lib/services/demo/evaluators/funsearch_binpacking/evaluator.py; the bugs below fail there
// for real (NameError, SyntaxError, a scalar instead of an array, inf/nan priorities, a time-out).
import { codeLines, findPythonFunction, replaceFirstLine } from '../programs/text';
import type { Approach, BugInjector, OptionalBlock, ProgramTemplate } from '../programs/types';

export const seed = codeLines(`
"""Priority function for online bin packing: each item goes into the feasible bin of highest priority."""
import numpy as np

FIT_WEIGHT = 1.5
WASTE_POWER = 1.0
TIGHT_SLACK = 4.0
TIGHT_BONUS = 3.0
GAP_MIN = 20.0
GAP_PENALTY = 50.0
EMPTY_PENALTY = 7.0


def fit_score(residual, bins):
    """Best fit: the less room an item leaves, the better."""
    return -FIT_WEIGHT * residual ** WASTE_POWER


def priority(item, bins):
    """Returns the priority with which item is added to each feasible bin (higher first)."""
    residual = bins - item
    score = fit_score(residual, bins)
    score = np.where(residual <= TIGHT_SLACK, score + TIGHT_BONUS, score)
    score = np.where((residual > 0) & (residual < GAP_MIN), score - GAP_PENALTY, score)
    return score
`);

const approach = (id: string, body: string[], signature: RegExp, weight: number, jackpot = false): Approach => ({
  id,
  lines: ['def fit_score(residual, bins):', ...body],
  signature,
  weight,
  jackpot,
});

export const fitApproaches: Approach[] = [
  approach('best_fit', ['    """Best fit: the less room an item leaves, the better."""', '    return -FIT_WEIGHT * residual ** WASTE_POWER'], /-FIT_WEIGHT \* residual \*\*/, 1),
  approach('relative_fit', ['    """Room left relative to the room the bin had."""', '    return -FIT_WEIGHT * (residual / bins) ** WASTE_POWER'], /residual \/ bins/, 1),
  approach('log_fit', ['    """Best fit on a log scale: small gaps are told apart more sharply."""', '    return -FIT_WEIGHT * np.log1p(residual) ** WASTE_POWER'], /np\.log1p/, 1, true),
  approach('harmonic_fit', ['    """Harmonic reward for a tight fit."""', '    return FIT_WEIGHT / (1.0 + residual) ** WASTE_POWER'], /1\.0 \+ residual/, 1, true),
  approach('worst_fit', ['    """Worst fit: keep the most room, spreading items out."""', '    return FIT_WEIGHT * residual'], /return FIT_WEIGHT \* residual$/, 0.5),
  approach('first_fit', ['    """First fit: the earliest opened bin that fits."""', '    return -np.arange(len(bins), dtype=float)'], /np\.arange/, 0.5),
];

const before = /^ {4}return score/;
export const blocks: OptionalBlock[] = [
  { id: 'tight_bonus', lines: ['    score = np.where(residual <= TIGHT_SLACK, score + TIGHT_BONUS, score)'], anchor: before, place: 'before' },
  { id: 'small_gap', lines: ['    score = np.where((residual > 0) & (residual < GAP_MIN), score - GAP_PENALTY, score)'], anchor: before, place: 'before' },
  { id: 'empty_penalty', lines: ['    score = np.where(bins >= bins.max(), score - EMPTY_PENALTY, score)'], anchor: before, place: 'before' },
  { id: 'exact_fit', lines: ['    score = np.where(residual == 0, score + 1000.0, score)'], anchor: before, place: 'before' },
  { id: 'small_items', lines: ['    if item < 30.0:', '        score = score - 0.1 * residual'], anchor: before, place: 'before' },
];

const typo: BugInjector = {
  id: 'typo_item',
  apply: (lines) => replaceFirstLine(lines, /^ {4}residual = bins - item$/, '    residual = bins - itm'),
};
const scalar: BugInjector = {
  id: 'scalar_return',
  apply: (lines) => replaceFirstLine(lines, /^ {4}return score$/, '    return float(np.max(score))'),
};
const divide: BugInjector = {
  id: 'divide_by_gap',
  apply(lines) {
    const i = lines.findIndex((l) => /^ {4}return score$/.test(l));
    return i < 0 ? null : [...lines.slice(0, i), '    score = score / (residual - residual.min())', ...lines.slice(i)];
  },
};
const unclosed: BugInjector = {
  id: 'unclosed_paren',
  apply: (lines) => replaceFirstLine(lines, /^ {4}score = fit_score\(residual, bins\)$/, '    score = fit_score(residual, bins'),
};
const spin: BugInjector = {
  id: 'endless_loop',
  apply(lines) {
    const i = lines.findIndex((l) => /^ {4}residual = bins - item$/.test(l));
    return i < 0 ? null : [...lines.slice(0, i + 1), '    while residual.min() >= 0:', '        residual = residual * 1.0', ...lines.slice(i + 1)];
  },
};

export const binPacking: ProgramTemplate = {
  task: 'funsearch_binpacking',
  language: 'python',
  fence: 'python',
  ext: '.py',
  commentPrefix: '#',
  seed,
  knobs: ['FIT_WEIGHT', 'WASTE_POWER', 'TIGHT_SLACK', 'TIGHT_BONUS', 'GAP_MIN', 'GAP_PENALTY', 'EMPTY_PENALTY'],
  blocks,
  lineVariants: [
    { id: 'residual', variants: ['residual = bins - item', 'residual = (bins - item).astype(float)'] },
    { id: 'return', variants: ['return score', 'return np.asarray(score, dtype=float)'] },
  ],
  slots: [{ fn: 'fit_score', approaches: fitApproaches }],
  comments: [
    'Bins that are still empty should be opened last',
    'A perfect fit closes the bin for good',
    'TODO: look at the item size distribution',
    'Higher priority wins; ties go to the first bin',
  ],
  trailingComments: ['tuned', 'gap counted as tight', 'weight of the fit term'],
  bugs: [typo, scalar, divide, unclosed, spin],
  evaluator: 'funsearch_binpacking',
  findFunction: findPythonFunction,
  constantsEnd(lines) {
    let last = -1;
    lines.forEach((l, i) => {
      if (/^[A-Z][A-Z0-9_]* = /.test(l)) last = i;
    });
    return last;
  },
  frozenLine: (line) => /^import |^from |"""|^def |^\s*#/.test(line),
  systemMessage: [
    'You are a helpful assistant tasked with discovering mathematical function structures for scientific systems.',
    'Complete the last function, priority_v2, so that online bin packing uses as few bins as possible.',
    'priority(item, bins) returns one priority per feasible bin; the item goes into the bin of highest priority.',
    'Only output the code of the program.',
  ].join('\n'),
};
