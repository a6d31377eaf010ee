// Helpers for the edit-taxonomy tests: a small run with known edits, and scripted judges.
import crypto from 'node:crypto';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import type { JudgeDeps } from '../../lib/db/runJudgeBatch';
import type { Judgement } from '../../lib/analysis/taxonomy/types';
import { llmSettingsSchema, type LlmJudgeOutcome, type LlmSettings } from '../../lib/llm/types';

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
