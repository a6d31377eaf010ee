// The FunSearch demo's sampler: the prompt (FunSearch's layout: the few-shot examples as versioned
// programs, best last, then the header of the next version), the "LLM" answer (lib/services/demo/edits.ts
// applied to the best example, seeded) and a SIMULATED sampler model for what a real sampler
// would report: no model runs here, so tokens, GPU seconds and cost are computed by the stated
// rules below from the prompt and response texts, and said to be simulated wherever they appear.
import { comment, injectBug, prune, refine, retune, rewrite, type Edit, type EditContext } from '../edits';
import type { Rng } from '../../../analysis/rng';
import type { ProgramTemplate } from '../programs/types';

/** The simulated sampler model, stated once so every page and report can quote it. */
export const SAMPLER_MODEL = {
  name: 'simulated-sampler (lib/services/demo/funsearch/sampler.ts; no model ran)',
  /** Tokens = ceil(characters / 4), for the prompt (system + user) and for the response. */
  charsPerToken: 4,
  /** GPU seconds = 0.25 s start-up + input tokens / 4000 per s (prefill) + output tokens / 60 per s (decode). */
  gpuStartSeconds: 0.25,
  prefillTokensPerSecond: 4000,
  decodeTokensPerSecond: 60,
  /** Dollars per million tokens (a stated price, not a quote of any provider). */
  inputPricePerMillion: 0.15,
  outputPricePerMillion: 0.6,
} as const;

export interface SamplerCost {
  inputTokens: number;
  outputTokens: number;
  gpuSeconds: number;
  cost: number;
}

export function samplerCost(prompt: string, response: string): SamplerCost {
  const m = SAMPLER_MODEL;
  const inputTokens = Math.ceil([...prompt].length / m.charsPerToken);
  const outputTokens = Math.ceil([...response].length / m.charsPerToken);
  const gpuSeconds = m.gpuStartSeconds + inputTokens / m.prefillTokensPerSecond + outputTokens / m.decodeTokensPerSecond;
  const cost = (inputTokens * m.inputPricePerMillion + outputTokens * m.outputPricePerMillion) / 1e6;
  return { inputTokens, outputTokens, gpuSeconds, cost };
}

/** FunSearch's prompt: examples renamed priority_v0.., ascending score, then the next header. */
export function buildPrompt(examples: { code: string }[]): string {
  const versions = examples.map((e, k) => `# Version ${k}\n${e.code.replace(/def priority\(/, `def priority_v${k}(`).trimEnd()}\n`);
  const next = examples.length;
  return [
    ...versions,
    `# Version ${next}: improved over priority_v${Math.max(0, next - 1)}`,
    `def priority_v${next}(item, bins):`,
    `    """Improved version of priority_v${Math.max(0, next - 1)}."""`,
    '',
  ].join('\n');
}

export type FsEditKind = 'retune' | 'refine' | 'prune' | 'rewrite' | 'comment';

const WEIGHTS: [FsEditKind, number][] = [
  ['retune', 0.45],
  ['refine', 0.25],
  ['prune', 0.08],
  ['comment', 0.1],
  ['rewrite', 0.12],
];

function apply(kind: FsEditKind, lines: string[], ctx: EditContext): Edit | null {
  if (kind === 'retune') return retune(lines, ctx);
  if (kind === 'refine') return refine(lines, ctx);
  if (kind === 'prune') return prune(lines, ctx);
  if (kind === 'comment') return comment(lines, ctx);
  return rewrite(lines, ctx);
}

export interface Sampled {
  code: string;
  kind: FsEditKind;
  bug: string | null;
}

/** The "LLM": edits the best example (the last one) of the prompt; sometimes adds a bug. */
export function sampleChild(base: string, template: ProgramTemplate, rng: Rng, bugRate: number): Sampled {
  const lines = base.replace(/\n$/, '').split('\n');
  const ctx: EditContext = { template, rng, history: [] };
  let kind = rng.weighted(WEIGHTS);
  let edit = apply(kind, lines, ctx);
  for (const fallback of ['retune', 'refine', 'comment'] as FsEditKind[]) {
    if (edit && edit.lines.join('\n') !== lines.join('\n')) break;
    kind = fallback;
    edit = apply(kind, lines, ctx);
  }
  let out = edit ? edit.lines : lines;
  let bug: string | null = null;
  if (rng.chance(bugRate)) {
    const b = injectBug(out, ctx);
    if (b) ({ lines: out, bug } = { lines: b.lines, bug: b.bug });
  }
  return { code: `${out.join('\n')}\n`, kind, bug };
}
