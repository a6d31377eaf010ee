// Helpers for the edit-taxonomy tests: a small run with known edits, and scripted judges.
import crypto from 'node:crypto';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { storeImportedRun } from '../../lib/db/importRun';
import { Rng } from '../../lib/analysis/rng';
import type { JudgeDeps } from '../../lib/services/judging/runJudgeBatch';
import type { Judgement } from '../../lib/contracts/taxonomyTypes';
import { llmSettingsSchema, type LlmJudgeOutcome, type LlmSettings } from '../../lib/contracts/llmTypes';

/**
 * A Python run: p0 a seed, then a chain p1..p(n-1) (each the child of the one before), plus
 * `ghost` (a child of a parent not in the run: no edit) and `empty` (empty code: no edit). Program
 * i's score is `scores[i]` (default i). Edits: p1..p(n-1), in that order.
 */
export async function chainRun(n: number, opts: { scores?: (number | null)[]; name?: string } = {}) {
  const runId = await createLiveRun({ name: opts.name ?? `judging ${crypto.randomUUID().slice(0, 8)}`, framework: 'custom', scoreMetric: 'combined_score', language: 'python' });
  const score = (i: number) => (opts.scores ? opts.scores[i] : i);
  await appendPrograms(runId, [
    ...Array.from({ length: n }, (_, i) => ({
      externalId: `p${i}`,
      code: `${i % 3 === 1 ? 'import math\n' : ''}def f(x):\n    return x * ${i}\n\nSTEP = ${i}\n`,
      iteration: i,
      valid: score(i) !== null,
      score: score(i),
      metrics: score(i) === null ? {} : { combined_score: score(i) },
      parents: i ? [{ externalId: `p${i - 1}` }] : [],
    })),
    { externalId: 'ghost', code: 'x = 1\n', iteration: n, valid: true, score: 0, metrics: {}, parents: [{ externalId: 'missing' }] },
    { externalId: 'empty', code: '', iteration: n, valid: true, score: 0, metrics: {}, parents: [{ externalId: 'p0' }] },
  ]);
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1 ORDER BY seq', [runId]);
  const ids = new Map(rows.map((r) => [r.external_id, r.id]));
  return { runId, id: (ext: string) => ids.get(ext)!, edits: n - 1 };
}

/** A deterministic fake offline judge: external_dependency when an import line changed, else local_refinement. */
export function fakeOfflineJudge(parent: string, child: string): Judgement {
  const imports = (s: string) => s.split('\n').filter((l) => l.startsWith('import')).join('\n');
  return imports(parent) !== imports(child)
    ? { labels: ['external_dependency'], rationale: 'an import changed', evidence: { external_dependency: { added: [1], removed: [] } } }
    : { labels: ['local_refinement'], rationale: 'a contained edit', evidence: { local_refinement: { added: [3], removed: [3] } } };
}

export const fakeLlmSettings = (over: Partial<LlmSettings> = {}): LlmSettings =>
  llmSettingsSchema.parse({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'fake-model', ...over });

/**
 * A scripted LLM judge: answers `answer(diff, call)` after `ms` (aborted early by the signal, then
 * it throws as the real client does), 100 prompt + 20 completion tokens and $0.001 per answer.
 */
export function scriptedLlmJudge(opts: { ms?: number; answer?: (diff: string, call: number) => LlmJudgeOutcome | null } = {}) {
  const state = { calls: 0, aborted: 0, running: 0, peak: 0, models: [] as string[] };
  const judgeLlm: JudgeDeps['judgeLlm'] = async (diff, { settings, signal }) => {
    const call = state.calls++;
    state.models.push(settings.model);
    state.running++;
    state.peak = Math.max(state.peak, state.running);
    try {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, opts.ms ?? 5);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          state.aborted++;
          reject(new Error('aborted'));
        }, { once: true });
      });
    } finally {
      state.running--;
    }
    return (
      opts.answer?.(diff, call) ?? {
        status: 'judged', cached: false, promptTokens: 100, completionTokens: 20, costUsd: 0.001,
        judgement: { labels: diff.includes('import') ? ['external_dependency'] : ['hyperparameter_tuning'], rationale: `call ${call}`, evidence: {} },
      }
    );
  };
  return { state, judgeLlm };
}

export function fakeDeps(over: Partial<JudgeDeps> = {}): JudgeDeps {
  return {
    initOffline: async () => {},
    judgeOffline: fakeOfflineJudge,
    loadLlmSettings: async () => fakeLlmSettings(),
    judgeLlm: scriptedLlmJudge().judgeLlm,
    ...over,
  };
}

export const judgementRows = async (runId: string, judge: string) =>
  (
    await pool().query<{ child_id: string; parent_id: string; status: string; labels: string[]; rationale: string; evidence: unknown; reason: string | null; diff_hash: string; batch_id: string }>(
      `SELECT child_id, parent_id, status, labels, rationale, evidence, reason, diff_hash, batch_id FROM edit_judgements WHERE run_id = $1 AND judge = $2`,
      [runId, judge],
    )
  ).rows;

/** A Python source from a genome: imports, constants and helper functions (kept small and varied). */
function pythonSource(g: { imports: string[]; consts: number[]; helpers: number[]; loop: boolean }) {
  return [
    ...g.imports.map((m) => `import ${m}`),
    '',
    ...g.consts.map((c, i) => `K${i} = ${c}`),
    '',
    ...g.helpers.flatMap((h) => [`def helper_${h}(x):`, `    if x < ${h}:`, `        return x * ${h}`, `    return x - ${h}`, '']),
    'def solve(xs):',
    ...(g.loop
      ? ['    total = 0', '    for x in xs:', '        total += x * K0', '    return total']
      : ['    return sum(xs) * K0']),
    '',
  ].join('\n');
}

/**
 * `n` evolving Python programs (seeded, each the child of one of the 20 before it): each child
 * changes a constant, adds or drops an import or a helper, or swaps its loop for a sum. Stored as
 * an import stores them (storeImportedRun); nothing is enqueued. Edits: n - 1.
 */
export async function evolvingRun(n: number, seed: string, opts: { name?: string } = {}) {
  const rng = new Rng(seed);
  type Genome = { imports: string[]; consts: number[]; helpers: number[]; loop: boolean };
  const genomes: Genome[] = [{ imports: ['math'], consts: [3, 7], helpers: [1], loop: true }];
  const parents = [-1];
  for (let i = 1; i < n; i++) {
    const k = rng.int(Math.max(0, i - 20), i - 1);
    const p = genomes[k];
    const g: Genome = { imports: [...p.imports], consts: [...p.consts], helpers: [...p.helpers], loop: p.loop };
    const move = rng.int(0, 4);
    if (move === 0) {
      // Never the same value: every child differs from its parent.
      const c = rng.int(0, g.consts.length - 1);
      g.consts[c] = ((g.consts[c] + rng.int(1, 97)) % 99) + 1;
    }
    else if (move === 1) g.imports = g.imports.includes('itertools') ? g.imports.filter((m) => m !== 'itertools') : [...g.imports, 'itertools'];
    else if (move === 2) g.helpers.push(i);
    else if (move === 3 && g.helpers.length > 1) g.helpers.splice(rng.int(0, g.helpers.length - 1), 1);
    else g.loop = !g.loop;
    genomes.push(g);
    parents.push(k);
  }
  const score = (g: Genome) => g.consts.reduce((s, c) => s + c, 0) + g.helpers.length;
  const stored = await storeImportedRun({
    run: { name: opts.name ?? `evolving ${seed}`, framework: 'custom', language: 'python', scoreMetric: 'combined_score' },
    warnings: [],
    stats: {},
    programs: genomes.map((g, i) => ({
      externalId: `g${i}`,
      code: pythonSource(g),
      iteration: i,
      valid: true,
      score: score(g),
      metrics: { combined_score: score(g) },
      parents: i ? [{ externalId: `g${parents[i]}` }] : [],
    })),
  });
  return { runId: stored.runId, edits: n - 1 };
}
