// judgeDiffWithLlm against the scripted server and the real judge_cache: a judged edit is
// stored and a second call sends NO request (cached, costs 0); another model or a stored answer
// of an older rubric version misses; retries end in success or in `not-judged` with the reason
// and what the attempts cost; failures are not cached; the answer's quoted lines become evidence.
import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { diffHash, editDiff } from '../../lib/analysis/taxonomy/diff';
import { RUBRIC_VERSION } from '../../lib/contracts/taxonomyTypes';
import { pool } from '../../lib/db/client';
import { getCachedJudgement, putCachedJudgement } from '../../lib/db/judgeCache';
import { judgeDiffWithLlm } from '../../lib/services/judging/judge';
import { llmSettingsSchema } from '../../lib/contracts/llmTypes';
import { useTestDatabase } from '../helpers/dbTest';
import { labelsReply, startScriptedLlm, statusReply, type Script, type ScriptedLlm } from '../helpers/scriptedLlm';

const tag = crypto.randomUUID();
const models: string[] = [];
useTestDatabase();
let server: ScriptedLlm | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await pool().query('DELETE FROM judge_cache WHERE model = ANY($1::text[])', [models]);
});

const fast = { baseMs: 5, maxMs: 20 };
/** A diff of its own per test (the cache is shared by every test file). */
const uniqueDiff = (label: string) => editDiff(`# ${tag} ${label}\nx = 1\nlimit = 10\n`, `# ${tag} ${label}\nx = 1\nlimit = 20\n`).text;

async function setup(script: Script, model = `scripted-${tag}`, maxRetries = 2) {
  models.push(model);
  server = await startScriptedLlm(script);
  const settings = llmSettingsSchema.parse({ baseUrl: server.baseUrl, apiKey: null, model, maxRetries, pricing: { inputPerMTok: 1, outputPerMTok: 4 } });
  return { server, settings };
}

it('judges, stores the answer, and answers the same diff from the cache with no request and no cost', async () => {
  const diff = uniqueDiff('cache');
  const { server, settings } = await setup([
    labelsReply(['hyperparameter_tuning'], 'the limit went from 10 to 20', { lines: { hyperparameter_tuning: ['-limit = 10', '+limit = 20'] } }, { prompt: 500, completion: 50 }),
  ]);
  const first = await judgeDiffWithLlm(diff, { settings, backoff: fast, language: 'python' });
  expect(first).toEqual({
    status: 'judged',
    cached: false,
    judgement: { labels: ['hyperparameter_tuning'], rationale: 'the limit went from 10 to 20', evidence: { hyperparameter_tuning: { added: [3], removed: [3] } } },
    promptTokens: 500,
    completionTokens: 50,
    costUsd: (500 * 1 + 50 * 4) / 1e6,
  });
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0].diff).toBe(diff);
  expect(server.requests[0].body).toMatchObject({ model: settings.model, temperature: 0, response_format: { type: 'json_object' } });
  expect(server.requests[0].body).not.toHaveProperty('max_tokens');
  expect(server.requests[0].body!.messages![1].content).toContain('written in python');
  const stored = await getCachedJudgement({ diffHash: diffHash(diff), rubricVersion: RUBRIC_VERSION, model: settings.model });
  expect(stored).toMatchObject({ promptTokens: 500, completionTokens: 50, judgement: { labels: ['hyperparameter_tuning'] } });

  const second = await judgeDiffWithLlm(diff, { settings, backoff: fast });
  expect(second).toEqual({ ...first, cached: true, promptTokens: 0, completionTokens: 0, costUsd: 0 });
  expect(server.requests).toHaveLength(1);
});

it('misses the cache for another model and for an answer stored under an older rubric version', async () => {
  const diff = uniqueDiff('keys');
  const { server, settings } = await setup((req) => labelsReply([req.body?.model === `other-${tag}` ? 'refactor' : 'bug_fix'], 'fresh'));
  await putCachedJudgement({ diffHash: diffHash(diff), rubricVersion: 'rubric-0', model: settings.model }, {
    judgement: { labels: ['pruning'], rationale: 'stale prompt', evidence: {} },
    promptTokens: 1,
    completionTokens: 1,
  });
  const r = await judgeDiffWithLlm(diff, { settings, backoff: fast });
  expect(r).toMatchObject({ status: 'judged', cached: false, judgement: { labels: ['bug_fix'], rationale: 'fresh' } });
  expect(server.requests).toHaveLength(1);
  models.push(`other-${tag}`);
  const other = await judgeDiffWithLlm(diff, { settings: { ...settings, model: `other-${tag}` }, backoff: fast });
  expect(other).toMatchObject({ status: 'judged', cached: false, judgement: { labels: ['refactor'] } });
  expect(server.requests).toHaveLength(2);
  await pool().query('DELETE FROM judge_cache WHERE model = $1 AND rubric_version = $2', [settings.model, 'rubric-0']);
});

it('retries a 429, a 500 and a malformed answer, then succeeds, costing every answered attempt', async () => {
  const diff = uniqueDiff('retries');
  const { server, settings } = await setup(
    [statusReply(429, '0'), statusReply(500), { kind: 'content', content: 'not json', usage: { prompt: 300, completion: 5 } }, labelsReply(['hyperparameter_tuning'], 'ok', {}, { prompt: 300, completion: 20 })],
    undefined,
    3,
  );
  const r = await judgeDiffWithLlm(diff, { settings, backoff: fast });
  expect(r).toMatchObject({ status: 'judged', cached: false, promptTokens: 600, completionTokens: 25 });
  expect(server.requests).toHaveLength(4);
});

it('marks the edit not judged with the reason when retries run out, and caches nothing', async () => {
  const diff = uniqueDiff('exhausted');
  const { server, settings } = await setup([
    { kind: 'answer', answer: { labels: ['speedup'], rationale: 'invented label' }, usage: { prompt: 200, completion: 10 } },
    { kind: 'answer', answer: { labels: ['speedup'], rationale: 'invented label' }, usage: { prompt: 200, completion: 10 } },
    { kind: 'answer', answer: { labels: ['speedup'], rationale: 'invented label' }, usage: { prompt: 200, completion: 10 } },
  ]);
  const r = await judgeDiffWithLlm(diff, { settings, backoff: fast });
  expect(r.status).toBe('not-judged');
  expect(r).toMatchObject({ promptTokens: 600, completionTokens: 30, costUsd: (600 + 30 * 4) / 1e6 });
  expect(r.status === 'not-judged' && r.reason).toMatch(/labels: no label among the nine.*after 3 attempts/);
  expect(server.requests).toHaveLength(3);
  expect(await getCachedJudgement({ diffHash: diffHash(diff), rubricVersion: RUBRIC_VERSION, model: settings.model })).toBeNull();
});

it('marks a timed-out edit not judged, and an identical child without asking', async () => {
  const diff = uniqueDiff('timeout');
  const { server, settings } = await setup([{ ...labelsReply(['bug_fix']), delayMs: 2000 }, { ...labelsReply(['bug_fix']), delayMs: 2000 }], undefined, 1);
  const r = await judgeDiffWithLlm(diff, { settings: { ...settings, timeoutMs: 150 }, backoff: fast });
  expect(r).toMatchObject({ status: 'not-judged', reason: 'no answer within the timeout (after 2 attempts)', promptTokens: 0, costUsd: 0 });
  const same = await judgeDiffWithLlm('', { settings, backoff: fast });
  expect(same).toMatchObject({ status: 'not-judged', reason: 'the child has the same lines as its parent' });
  expect(server.requests).toHaveLength(2);
});

it('rejects with an AbortError when the batch is cancelled mid-request, caching nothing', async () => {
  const diff = uniqueDiff('abort');
  const { server, settings } = await setup([{ ...labelsReply(['bug_fix']), delayMs: 5000 }]);
  const ac = new AbortController();
  const p = judgeDiffWithLlm(diff, { settings, backoff: fast, signal: ac.signal });
  await expect.poll(() => server.requests.length).toBe(1);
  ac.abort();
  await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  expect(await getCachedJudgement({ diffHash: diffHash(diff), rubricVersion: RUBRIC_VERSION, model: settings.model })).toBeNull();
});

it('lets the script pick labels by the diff a request carries', async () => {
  const a = uniqueDiff('pick-a');
  const b = editDiff(`# ${tag} pick-b\nimport os\n`, `# ${tag} pick-b\n`).text;
  const { server, settings } = await setup((req) => labelsReply(req.diff?.includes('-import os') ? ['external_dependency'] : ['hyperparameter_tuning']));
  const [ra, rb] = await Promise.all([judgeDiffWithLlm(a, { settings, backoff: fast }), judgeDiffWithLlm(b, { settings, backoff: fast })]);
  expect(ra).toMatchObject({ status: 'judged', judgement: { labels: ['hyperparameter_tuning'] } });
  expect(rb).toMatchObject({ status: 'judged', judgement: { labels: ['external_dependency'] } });
  expect(server.requests).toHaveLength(2);
});
