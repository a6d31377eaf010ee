// What the demo "LLM" was asked and what it answered, in the shape OpenEvolve stores in a
// program's `prompts` field: { diff_user | full_rewrite_user: { system, user, responses } }.
// The user message follows OpenEvolve's prompt templates (current program, metrics,
// previous attempts, top programs); the response carries the child as SEARCH/REPLACE
// blocks (diff mode) or as a complete program (full-rewrite mode).
import { diffTaskLines } from '../../interventions/replay/diffTask';
import type { Rng } from '../../analysis/rng';
import type { EditDetail, EditKind } from './edits';
import type { ProgramTemplate } from './programs/types';
import { diffBlocks, formatDiffSummary } from './diffBlocks';

export type PromptMode = 'diff' | 'full';

export interface PromptProgram {
  code: string;
  metrics: Record<string, number | boolean>;
  changes?: string;
  parentMetrics?: Record<string, number | boolean>;
  artifacts?: Record<string, unknown> | null;
}

export interface PromptRecord {
  system: string;
  user: string;
  responses: string[];
}

function fmt(v: number | boolean): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return v.toFixed(4);
}

export function formatMetrics(m: Record<string, number | boolean>): string {
  return Object.entries(m)
    .map(([k, v]) => `${k}: ${fmt(v)}`)
    .join(', ');
}

function score(m: Record<string, number | boolean> | undefined): number {
  const v = m?.combined_score;
  return typeof v === 'number' ? v : 0;
}

function outcome(p: PromptProgram): string {
  if (!p.parentMetrics) return 'Baseline';
  const keys = Object.keys(p.metrics).filter((k) => typeof p.metrics[k] === 'number' && typeof p.parentMetrics![k] === 'number');
  const up = keys.filter((k) => (p.metrics[k] as number) > (p.parentMetrics![k] as number)).length;
  const down = keys.filter((k) => (p.metrics[k] as number) < (p.parentMetrics![k] as number)).length;
  if (keys.length && up === keys.length) return 'Improvement in all metrics';
  if (keys.length && down === keys.length) return 'Regression in all metrics';
  return 'Mixed results';
}

function fence(t: ProgramTemplate, code: string) {
  return `\`\`\`${t.fence}\n${code.replace(/\n$/, '')}\n\`\`\``;
}

export function buildUserPrompt(opts: {
  template: ProgramTemplate;
  mode: PromptMode;
  parent: PromptProgram;
  /** Ancestors of the parent, nearest first. */
  previous: PromptProgram[];
  top: PromptProgram[];
}): string {
  const { template: t, mode, parent, previous, top } = opts;
  const fit = score(parent.metrics);
  const prev = parent.parentMetrics ? score(parent.parentMetrics) : null;
  const focus = [
    prev === null
      ? `- Fitness unchanged at ${fit.toFixed(4)}`
      : fit > prev
        ? `- Fitness improved: ${prev.toFixed(4)} → ${fit.toFixed(4)}`
        : fit < prev
          ? `- Fitness declined: ${prev.toFixed(4)} → ${fit.toFixed(4)}. Consider revising recent changes.`
          : `- Fitness unchanged at ${fit.toFixed(4)}`,
    '- Consider simplifying - code length exceeds 500 characters',
  ].join('\n');
  const parts = [
    '# Current Program Information',
    `- Fitness: ${fit.toFixed(4)}`,
    '- Feature coordinates: No feature coordinates',
    `- Focus areas: ${focus}`,
    '',
  ];
  if (parent.artifacts && t.describeArtifacts) parts.push('## Last Execution Output', '', t.describeArtifacts(parent.artifacts), '');
  parts.push('# Program Evolution History', '## Previous Attempts', '');
  previous.slice(0, 3).forEach((p, k, all) => {
    parts.push(
      `### Attempt ${all.length - k}`,
      `- Changes: ${(p.changes ?? 'Initial program').split('\n').slice(0, 3).join(', ')}`,
      `- Metrics: ${formatMetrics(p.metrics)}`,
      `- Outcome: ${outcome(p)}`,
      '',
    );
  });
  parts.push('## Top Performing Programs', '');
  top.slice(0, 2).forEach((p, k) => {
    const features = Object.entries(p.metrics)
      .filter(([, v]) => typeof v === 'number')
      .map(([m, v]) => `Performs well on ${m} (${fmt(v)})`)
      .join(', ');
    parts.push(`### Program ${k + 1} (Score: ${score(p.metrics).toFixed(4)})`, fence(t, p.code), `Key features: ${features}`, '');
  });
  parts.push('', '# Current Program', fence(t, parent.code), '', '# Task');
  if (mode === 'diff') {
    parts.push(...diffTaskLines(t.commentPrefix));
  } else {
    parts.push(
      'Rewrite the program to improve its FITNESS SCORE.',
      'The system maintains diversity across these dimensions: complexity, diversity',
      'Different solutions with similar fitness but different features are valuable.',
      'Provide the complete new program code.',
      '',
      'IMPORTANT: Make sure your rewritten program maintains the same inputs and outputs',
      'as the original program, but with improved internal implementation.',
      '',
      `\`\`\`${t.fence}`,
      `${t.commentPrefix} Your rewritten program here`,
      '```',
    );
  }
  return parts.join('\n');
}

const approachText: Record<string, string> = {
  rings: 'a centre circle with two concentric rings',
  grid: 'a regular 5x5 grid with one extra circle in a gap',
  greedy: 'greedy farthest-point placement from random candidates',
  hex: 'staggered hexagonal rows, which waste far less area than rings',
  repulsion: 'plain pairwise repulsion towards a common radius',
  penalty_growth: 'joint gradient ascent on centres and radii with overlap penalties, so circles can have different sizes',
  anneal: 'simulated annealing on single-circle moves',
  nearest_neighbour: 'a nearest-neighbour construction, a much better starting tour than the identity',
  strip_sweep: 'a boustrophedon strip sweep, cheap and nearly crossing-free',
  identity: 'the identity order',
  two_opt: '2-opt moves with O(1) delta evaluation instead of re-computing the whole tour',
  or_opt: 'a mix of 2-opt reversals and or-opt relocations',
  swap: 'random swaps with full re-evaluation',
};

const blockText: Record<string, string> = {
  wall_clamp: 'clamp the centres back into the square after every step so no circle can escape',
  early_stop: 'stop early once the step is negligible; the remaining iterations do nothing useful',
  jitter: 'add a small random kick every few hundred iterations to escape shallow local optima',
  radii_slack: 'shave a tiny slack off the radii so floating-point touching never counts as overlap',
  corner_seed: 'pin four circles near the corners, where a layout otherwise wastes space',
  polish: 'run a couple of extra refinement passes from the refined layout',
  sort_by_radius: 'order the circles by size before computing the final radii',
  center_mass: 're-centre the configuration slightly every step to counter drift towards one wall',
  restart_best: 'restart from the best tour when the current one has drifted far from it',
  polish_cpp: 'finish with a greedy pass that swaps adjacent cities when that shortens the tour',
  reheat: 'reheat the temperature periodically to escape local minima',
  seed_mix: 'mix the input size into the RNG seed so different cases do not share a random stream',
  tiny_case: 'handle tiny inputs explicitly before the search',
  neighbour_window: 'restrict most 2-opt moves to nearby positions, where improving moves are far more likely',
};

const retuneEffects = [
  'should let the search settle into a better optimum',
  'trades a little speed for a better final result',
  'reduces oscillation late in the run',
  'gives the schedule more room to explore early on',
  'looks better balanced given the last few attempts',
];

function knobName(line: string): string {
  const m = /^(?:const \w+ )?([A-Z][A-Z0-9_]*) = /.exec(line);
  return m ? m[1] : `the constant in \`${line}\``;
}

/** The prose an LLM writes around its edit. */
export function rationale(kind: EditKind, d: EditDetail, t: ProgramTemplate, rng: Rng): string {
  const out: string[] = [];
  if (d.approach) {
    out.push(
      `The current \`${d.slot}\` uses ${approachText[d.approach.from] ?? d.approach.from}. I will replace it with ${approachText[d.approach.to] ?? d.approach.to}.`,
      'This is a structural change, so some constants may need re-tuning afterwards.',
    );
  }
  if (d.block) {
    const key = d.block === 'polish' && t.language === 'cpp' ? 'polish_cpp' : d.block;
    out.push(`Local improvement: ${blockText[key] ?? d.block.replace(/_/g, ' ')}.`);
  }
  if (d.variant) out.push(`Replace \`${d.variant.from}\` with \`${d.variant.to}\`; it is slightly more robust and no slower.`);
  if (d.pruned) out.push(d.pruned === 'comment' ? 'Remove a stale comment.' : `Remove the ${d.pruned.replace(/_/g, ' ')} step: it adds complexity without a clear gain in the recent attempts.`);
  if (d.readdedFrom !== undefined) out.push(`Restore \`${d.comment}\`: removing it earlier seems to have hurt the score.`);
  else if (kind === 'comment' && d.comment) out.push('Clarify the code with a comment; no behavioural change intended.');
  for (const k of d.knobs ?? []) {
    const name = knobName(k.line);
    if (d.restored && k === d.knobs![0]) out.push(`Revert ${name} to \`${k.to}\`, the value that worked better in an earlier attempt.`);
    else out.push(`Change ${name} from ${k.from} to ${k.to}: this ${rng.pick(retuneEffects)}.`);
  }
  if (!out.length) out.push('A small targeted improvement.');
  return out.join(' ');
}

/** The LLM response and OpenEvolve's `changes` summary for a parent -> child edit. */
export function buildResponse(opts: {
  template: ProgramTemplate;
  mode: PromptMode;
  parentLines: string[];
  childLines: string[];
  text: string;
}): { response: string; changes: string } {
  const { template: t, mode, parentLines, childLines, text } = opts;
  if (mode === 'full') {
    return { response: `${text}\n\n${fence(t, childLines.join('\n'))}`, changes: 'Full rewrite' };
  }
  const blocks = diffBlocks(parentLines, childLines);
  const body = blocks.map(([s, r]) => `<<<<<<< SEARCH\n${s}\n=======\n${r}\n>>>>>>> REPLACE`).join('\n\n');
  return { response: `${text}\n\n${body}\n`, changes: formatDiffSummary(blocks) };
}
