// Judging batches in PostgreSQL with scripted judges (issue 9, item 2): the edit set, one row per
// edit written in batches with the batch's counters, resume after an interruption, cancel, the
// budget caps, LLM concurrency, a missing LLM configuration, one runner per batch, and deleting
// the run. The real offline judge through a worker process: judgeRunWorker.test.ts.
import { describe, expect, it } from 'vitest';
import { diffHash, editDiff } from '../../lib/analysis/taxonomy/diff';
import { llmJudgeKey, OFFLINE_JUDGE_KEY } from '../../lib/contracts/taxonomyTypes';
import { pool } from '../../lib/db/client';
import {
  cancelJudgeBatch, createJudgeBatch, getJudgeBatch, JudgeBatchInputError, LLM_NOT_CONFIGURED, offlineBatchIfNeeded, resumeJudgeBatch,
} from '../../lib/db/judgeBatches';
import { deleteRun } from '../../lib/db/runEdit';
import { runJudgeBatch } from '../../lib/services/judging/runJudgeBatch';
import { useTestDatabase } from '../helpers/dbTest';
import { chainRun, fakeDeps, fakeLlmSettings, judgementRows, scriptedLlmJudge } from '../helpers/judging';

const { runIds } = useTestDatabase();

async function run(n: number, opts: Parameters<typeof chainRun>[1] = {}) {
  const r = await chainRun(n, opts);
  runIds.push(r.runId);
  return r;
}

const LLM = llmJudgeKey('fake-model');

describe('judging batches', () => {
  it('judges every edit of the run once, against its in-run parent, with the diff hash and counters', async () => {
    const r = await run(6);
    const batch = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
    expect(batch).toMatchObject({ judge: OFFLINE_JUDGE_KEY, kind: 'offline', status: 'queued', total: 5, done: 0 });
    const progress: number[] = [];
    const out = await runJudgeBatch(batch.id, fakeDeps(), { chunk: 2, onProgress: (b) => progress.push(b.done) });
    expect(out).toMatchObject({ status: 'done', total: 5, done: 5, cached: 0, notJudged: 0, promptTokens: 0 });
    expect(out!.startedAt).not.toBeNull();
    expect(progress.at(-1)).toBe(5);
    const rows = await judgementRows(r.runId, OFFLINE_JUDGE_KEY);
    expect(rows.map((x) => x.child_id).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5'].map(r.id).sort());
    const p2 = rows.find((x) => x.child_id === r.id('p2'))!;
    expect(p2).toMatchObject({ parent_id: r.id('p1'), status: 'judged', labels: ['external_dependency'], rationale: 'an import changed', batch_id: batch.id });
    expect(p2.evidence).toEqual({ external_dependency: { added: [1], removed: [] } });
    const src = (i: number) => `${i % 3 === 1 ? 'import math\n' : ''}def f(x):\n    return x * ${i}\n\nSTEP = ${i}\n`;
    expect(p2.diff_hash).toBe(diffHash(editDiff(src(1), src(2)).text));
    // Nothing left: a new batch has nothing to do, and the automatic one is not made.
    expect(await offlineBatchIfNeeded(r.runId)).toBeNull();
    const again = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
    expect(again.total).toBe(0);
    expect(await runJudgeBatch(again.id, fakeDeps())).toMatchObject({ status: 'done', done: 0 });
  });

  it('refuses a second active batch of one judge, and an LLM batch with no LLM configured (409 naming /settings)', async () => {
    const r = await run(3);
    await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null);
    await expect(createJudgeBatch({ runId: r.runId, kind: 'offline' }, null)).rejects.toThrow(/already queued/);
    const err = await createJudgeBatch({ runId: r.runId, kind: 'llm' }, null).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeBatchInputError);
    expect(err.status).toBe(409);
    expect(err.message).toBe(LLM_NOT_CONFIGURED);
    expect(err.message).toMatch(/\/settings.*EVOSCOPE_LLM_BASE_URL/);
    expect(await createJudgeBatch({ runId: crypto.randomUUID(), kind: 'offline' }, null)).toBeNull();
  });

  it('a batch interrupted by a shutdown resumes where it stopped and counts each edit once', async () => {
    const r = await run(9);
    const batch = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
    const shutdown = new AbortController();
    const first = await runJudgeBatch(batch.id, fakeDeps(), { chunk: 3, onProgress: () => shutdown.abort(), signal: shutdown.signal });
    expect(first!.status).toBe('running');
    expect(first!.done).toBe(3);
    expect(await judgementRows(r.runId, OFFLINE_JUDGE_KEY)).toHaveLength(3);
    let judged = 0;
    const deps = fakeDeps({ judgeOffline: (p, c) => (judged++, fakeDeps().judgeOffline(p, c, 'python')) });
    const second = await runJudgeBatch(batch.id, deps);
    expect(second).toMatchObject({ status: 'done', total: 8, done: 8 });
    expect(judged).toBe(5);
    expect(await judgementRows(r.runId, OFFLINE_JUDGE_KEY)).toHaveLength(8);
  });

  it('runs LLM requests concurrently with the batch model, records tokens and cost, counts cached answers', async () => {
    const r = await run(9);
    const llm = scriptedLlmJudge({
      ms: 30,
      answer: (_d, call) =>
        call === 0
          ? { status: 'judged', cached: true, promptTokens: 0, completionTokens: 0, costUsd: 0, judgement: { labels: ['refactor'], rationale: 'from the cache', evidence: {} } }
          : null,
    });
    const batch = (await createJudgeBatch({ runId: r.runId, kind: 'llm', model: 'other-model', concurrency: 3 }, fakeLlmSettings()))!;
    expect(batch).toMatchObject({ judge: llmJudgeKey('other-model'), kind: 'llm', model: 'other-model', rubricVersion: 'rubric-1', concurrency: 3, total: 8 });
    const out = await runJudgeBatch(batch.id, fakeDeps({ judgeLlm: llm.judgeLlm }));
    expect(out).toMatchObject({ status: 'done', done: 8, cached: 1, notJudged: 0, promptTokens: 700, completionTokens: 140 });
    expect(out!.costUsd).toBeCloseTo(0.007, 10);
    expect(llm.state.peak).toBe(3);
    expect(new Set(llm.state.models)).toEqual(new Set(['other-model']));
    expect((await judgementRows(r.runId, llmJudgeKey('other-model'))).filter((x) => x.labels.includes('refactor'))).toHaveLength(1);
  });

  it('stores not-judged answers with their reason, and a new batch tries them again', async () => {
    const r = await run(4);
    const failing = scriptedLlmJudge({ answer: (_d, call) => (call === 1 ? { status: 'not-judged', reason: 'invalid JSON after 5 attempts', promptTokens: 50, completionTokens: 5, costUsd: 0 } : null) });
    const b1 = (await createJudgeBatch({ runId: r.runId, kind: 'llm', concurrency: 1 }, fakeLlmSettings()))!;
    expect(await runJudgeBatch(b1.id, fakeDeps({ judgeLlm: failing.judgeLlm }))).toMatchObject({ status: 'done', done: 3, notJudged: 1 });
    const bad = (await judgementRows(r.runId, LLM)).find((x) => x.status === 'not-judged')!;
    expect(bad).toMatchObject({ child_id: r.id('p2'), labels: [], reason: 'invalid JSON after 5 attempts' });
    const b2 = (await createJudgeBatch({ runId: r.runId, kind: 'llm' }, fakeLlmSettings()))!;
    expect(b2.total).toBe(1);
    expect(await runJudgeBatch(b2.id, fakeDeps())).toMatchObject({ status: 'done', done: 1, notJudged: 0 });
    expect((await judgementRows(r.runId, LLM)).every((x) => x.status === 'judged')).toBe(true);
  });

  it('a cancel is noticed within a second, aborts the requests in flight; resume judges only the rest', async () => {
    const r = await run(13);
    const slow = scriptedLlmJudge({ ms: 400 });
    const batch = (await createJudgeBatch({ runId: r.runId, kind: 'llm', concurrency: 2 }, fakeLlmSettings()))!;
    let cancelledAt = 0;
    const running = runJudgeBatch(batch.id, fakeDeps({ judgeLlm: slow.judgeLlm }), {
      onProgress: (b) => {
        if (b.done >= 2 && !cancelledAt) {
          cancelledAt = Date.now();
          void cancelJudgeBatch(r.runId, batch.id);
        }
      },
    });
    const out = await running;
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    expect(out!.status).toBe('cancelled');
    expect(slow.state.aborted).toBeGreaterThan(0);
    const judgedBefore = (await judgementRows(r.runId, LLM)).length;
    expect(judgedBefore).toBe(out!.done);
    expect(judgedBefore).toBeLessThan(12);
    const resumed = (await resumeJudgeBatch(r.runId, batch.id))!;
    expect(resumed.id).not.toBe(batch.id);
    expect(resumed).toMatchObject({ judge: LLM, status: 'queued', total: 12 - judgedBefore, concurrency: 2 });
    const fast = scriptedLlmJudge();
    expect(await runJudgeBatch(resumed.id, fakeDeps({ judgeLlm: fast.judgeLlm }))).toMatchObject({ status: 'done', done: 12 - judgedBefore });
    expect(fast.state.calls).toBe(12 - judgedBefore);
    expect(await judgementRows(r.runId, LLM)).toHaveLength(12);
    // The stopped batch keeps its figures; resuming a batch still active returns it.
    expect((await getJudgeBatch(r.runId, batch.id))!.status).toBe('cancelled');
  });

  it('stops at the budget caps before passing them; a resume with a new budget continues', async () => {
    const r = await run(11);
    const edits = (await createJudgeBatch({ runId: r.runId, kind: 'llm', budget: { maxEdits: 3 }, concurrency: 4 }, fakeLlmSettings()))!;
    const llm = scriptedLlmJudge();
    const byEdits = await runJudgeBatch(edits.id, fakeDeps({ judgeLlm: llm.judgeLlm }));
    expect(byEdits).toMatchObject({ status: 'budget', done: 3 });
    expect(byEdits!.error).toMatch(/3 of at most 3 edits.*resume/);
    expect(llm.state.calls).toBe(3);
    // 120 tokens an edit: with 250 allowed, the second edit (240) fits, a third would not.
    const tokens = (await resumeJudgeBatch(r.runId, edits.id, { maxTokens: 250 }))!;
    expect(tokens.total).toBe(7);
    const byTokens = await runJudgeBatch(tokens.id, fakeDeps());
    expect(byTokens).toMatchObject({ status: 'budget', done: 2, promptTokens: 200, completionTokens: 40 });
    const cost = (await resumeJudgeBatch(r.runId, tokens.id, { maxCostUsd: 0.0035 }))!;
    expect(await runJudgeBatch(cost.id, fakeDeps())).toMatchObject({ status: 'budget', done: 3 });
    const rest = (await resumeJudgeBatch(r.runId, cost.id, {}))!;
    expect(await runJudgeBatch(rest.id, fakeDeps())).toMatchObject({ status: 'done', done: 2 });
    expect(await judgementRows(r.runId, LLM)).toHaveLength(10);
  });

  it('an LLM batch whose configuration went away fails with the message; one process runs a batch at a time', async () => {
    const r = await run(5);
    const b = (await createJudgeBatch({ runId: r.runId, kind: 'llm' }, fakeLlmSettings()))!;
    expect(await runJudgeBatch(b.id, fakeDeps({ loadLlmSettings: async () => null }))).toMatchObject({ status: 'failed', error: LLM_NOT_CONFIGURED });
    const bad = (await resumeJudgeBatch(r.runId, b.id))!;
    const thrown = fakeDeps({ loadLlmSettings: async () => { throw new Error('EVOSCOPE_LLM_BASE_URL is not an http(s) URL'); } });
    expect(await runJudgeBatch(bad.id, thrown)).toMatchObject({ status: 'failed', error: 'EVOSCOPE_LLM_BASE_URL is not an http(s) URL' });
    const c = (await resumeJudgeBatch(r.runId, bad.id))!;
    const slow = scriptedLlmJudge({ ms: 100 });
    const [x, y] = await Promise.all([runJudgeBatch(c.id, fakeDeps({ judgeLlm: slow.judgeLlm })), runJudgeBatch(c.id, fakeDeps({ judgeLlm: slow.judgeLlm }))]);
    expect([x!.skipped, y!.skipped].filter(Boolean)).toEqual(['another process is running this batch']);
    expect(slow.state.calls).toBe(4);
  });

  it('gives each LLM request its own abort signal, so listeners a client leaves behind do not pile up on the batch', async () => {
    const r = await run(30);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const seen = new Set<AbortSignal>();
    const leaky = scriptedLlmJudge();
    const b = (await createJudgeBatch({ runId: r.runId, kind: 'llm', concurrency: 2 }, fakeLlmSettings()))!;
    const out = await runJudgeBatch(b.id, fakeDeps({
      judgeLlm: (diff, opts) => {
        opts.signal!.addEventListener('abort', () => {}); // never removed, as a careless client does
        seen.add(opts.signal!);
        return leaky.judgeLlm(diff, opts);
      },
    }));
    await new Promise((res) => setTimeout(res, 50)); // warnings are emitted on a later tick
    process.off('warning', onWarning);
    expect(out).toMatchObject({ status: 'done', done: 29 });
    expect(seen.size).toBe(29);
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  });

  it('a run deleted while its batch runs ends the batch quietly (nothing left to store in)', async () => {
    const r = await chainRun(60);
    const b = (await createJudgeBatch({ runId: r.runId, kind: 'llm', concurrency: 4 }, fakeLlmSettings()))!;
    const slow = scriptedLlmJudge({ ms: 100 });
    let deleted = false;
    const out = await runJudgeBatch(b.id, fakeDeps({ judgeLlm: slow.judgeLlm }), {
      onProgress: () => {
        if (!deleted) void pool().query('DELETE FROM runs WHERE id = $1', [r.runId]);
        deleted = true;
      },
    });
    expect(out).toBeNull();
    expect(slow.state.calls).toBeLessThan(59);
  });

  it('deleting the run removes its judgements and batches', async () => {
    const r = await chainRun(4);
    const b = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
    await runJudgeBatch(b.id, fakeDeps());
    expect(await judgementRows(r.runId, OFFLINE_JUDGE_KEY)).toHaveLength(3);
    expect((await deleteRun(r.runId))!.programs).toBe(6);
    expect(await judgementRows(r.runId, OFFLINE_JUDGE_KEY)).toHaveLength(0);
    expect((await pool().query('SELECT 1 FROM judge_batches WHERE run_id = $1', [r.runId])).rowCount).toBe(0);
  });
});
