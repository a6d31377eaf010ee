// The LLM judge end to end through a real worker process and the scripted OpenAI-compatible
// server (issue 9): a batch started through the route runs `concurrency` requests at once and
// records labels, tokens and cost; a cancel stops the requests within a second and a resume
// judges only the rest; the budget cap stops a batch with status 'budget'; the answers are cached,
// so the same edits in another run send no request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as cancelRoute from '../../app/api/runs/[runId]/judge-batches/[batchId]/cancel/route';
import * as resumeRoute from '../../app/api/runs/[runId]/judge-batches/[batchId]/resume/route';
import * as batchesRoute from '../../app/api/runs/[runId]/judge-batches/route';
import * as taxonomyRoute from '../../app/api/runs/[runId]/taxonomy/route';
import { llmJudgeKey } from '../../lib/contracts/taxonomyTypes';
import { judgeBatchEnvelopeSchema, runTaxonomySchema, type JudgeBatchResponse } from '../../lib/contracts/api/taxonomySchemas';
import { disconnect, pool } from '../../lib/db/client';
import { getJudgeBatch } from '../../lib/db/judgeBatches';
import { migrate } from '../../lib/runtime/migrate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { evolvingRun, judgementRows } from '../helpers/judging';
import { labelsReply, startScriptedLlm, type ScriptedLlm } from '../helpers/scriptedLlm';
import { startWorker, waitFor as waitForHelper, type StartedWorker } from '../helpers/workerProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-judge-llm-'));
const runIds: string[] = [];
const workers: StartedWorker[] = [];
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const MODEL = 'scripted-model';
const JUDGE = llmJudgeKey(MODEL);
let llm: ScriptedLlm;
let env: Record<string, string>;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  // Labels by what the diff shows; each answer takes 150 ms, 100 + 20 tokens.
  llm = await startScriptedLlm((req) => ({ ...labelsReply(req.diff?.includes('itertools') ? ['external_dependency'] : ['local_refinement'], 'scripted'), delayMs: 150 }));
  env = { EVOSCOPE_DATA_DIR: dataDir, EVOSCOPE_LLM_BASE_URL: llm.baseUrl, EVOSCOPE_LLM_MODEL: MODEL, EVOSCOPE_LLM_API_KEY: 'test-key' };
  Object.assign(process.env, { EVOSCOPE_LLM_BASE_URL: llm.baseUrl, EVOSCOPE_LLM_MODEL: MODEL, EVOSCOPE_LLM_API_KEY: 'test-key' });
  workers.push(await startWorker(env));
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await llm?.close();
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const waitFor = <T,>(what: string, probe: () => Promise<T | null | undefined | false>) => waitForHelper(what, probe, { ms: 120_000, workers });

async function post(route: { POST: unknown }, url: string, params: Record<string, string>, body?: unknown) {
  const headers: Record<string, string> = { host };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const handler = route.POST as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const res = await handler(new NextRequest(`http://${host}${url}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }), { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

async function start(runId: string, body: unknown): Promise<JudgeBatchResponse> {
  const res = await post(batchesRoute, `/api/runs/${runId}/judge-batches`, { runId }, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return judgeBatchEnvelopeSchema.parse(res.body).batch;
}

const finished = (runId: string, id: string) =>
  waitFor(`judging batch ${id} to finish`, async () => {
    const b = await getJudgeBatch(runId, id);
    return b && !['queued', 'running'].includes(b.status) && b;
  });

it('cancel stops the requests within a second; resume judges only the rest; tokens and cost recorded', { timeout: 240_000 }, async () => {
  const r = await evolvingRun(41, 'llm-worker-a');
  runIds.push(r.runId);
  const batch = await start(r.runId, { judge: 'llm', concurrency: 3 });
  expect(batch).toMatchObject({ judge: JUDGE, kind: 'llm', model: MODEL, concurrency: 3, total: 40 });
  await waitFor('six edits judged', async () => ((await getJudgeBatch(r.runId, batch.id))?.done ?? 0) >= 6);
  const cancel = await post(cancelRoute, '', { runId: r.runId, batchId: batch.id });
  expect(cancel.body.batch.status).toBe('cancelled');
  const sentAtCancel = llm.requests.length;
  await new Promise((res) => setTimeout(res, 1000));
  // The runner polls for a cancel every 300 ms: until it sees it, its 3 lanes go on (150 ms an
  // answer), so at most 3 x (300 / 150 + 1) = 9 more requests; then none.
  expect(llm.requests.length - sentAtCancel).toBeLessThanOrEqual(9);
  const afterCancel = llm.requests.length;
  await new Promise((res) => setTimeout(res, 600));
  expect(llm.requests.length).toBe(afterCancel);
  const judgedAtCancel = (await judgementRows(r.runId, JUDGE)).length;
  expect(judgedAtCancel).toBeLessThan(40);

  const resumed = await post(resumeRoute, '', { runId: r.runId, batchId: batch.id });
  expect(resumed.status).toBe(201);
  const done = await finished(r.runId, resumed.body.batch.id);
  expect(done).toMatchObject({ status: 'done', total: 40 - judgedAtCancel, done: 40 - judgedAtCancel, notJudged: 0 });
  const rows = await judgementRows(r.runId, JUDGE);
  expect(rows).toHaveLength(40);
  expect(rows.every((x) => x.status === 'judged' && x.rationale === 'scripted')).toBe(true);
  expect(new Set(rows.flatMap((x) => x.labels))).toEqual(new Set(['external_dependency', 'local_refinement']));
  // Every request carried the batch's model; the run's spend is the sum over its batches.
  expect(new Set(llm.requests.map((q) => q.body?.model))).toEqual(new Set([MODEL]));
  const t = runTaxonomySchema.parse(await (await taxonomyRoute.GET(new NextRequest(`http://${host}/api/runs/${r.runId}/taxonomy?judge=${encodeURIComponent(JUDGE)}`, { headers: { host } }), { params: Promise.resolve({ runId: r.runId }) })).json());
  const first = (await getJudgeBatch(r.runId, batch.id))!;
  expect(t.usage.promptTokens).toBe(first.promptTokens + done.promptTokens);
  // 100 + 20 tokens per answer sent (two edits with the same diff: the second is a cache hit).
  expect(done.promptTokens).toBe(100 * (done.done - done.cached));
  expect(done.completionTokens).toBe(20 * (done.done - done.cached));
  expect(t.usage.promptTokens).toBeGreaterThan(0);
  expect(t.stats!.edits).toBe(40);
});

it('the budget cap stops a batch; the same edits in another run are answered from the cache with no request', { timeout: 240_000 }, async () => {
  const r = await evolvingRun(21, 'llm-worker-b');
  runIds.push(r.runId);
  const capped = await finished(r.runId, (await start(r.runId, { judge: 'llm', budget: { maxEdits: 5 } })).id);
  expect(capped).toMatchObject({ status: 'budget', done: 5 });
  expect(capped.promptTokens).toBe(100 * (5 - capped.cached));
  const rest = await post(resumeRoute, '', { runId: r.runId, batchId: capped.id }, { budget: {} });
  expect(await finished(r.runId, rest.body.batch.id)).toMatchObject({ status: 'done', done: 15 });

  const twin = await evolvingRun(21, 'llm-worker-b', { name: 'the same programs again' });
  runIds.push(twin.runId);
  const sent = llm.requests.length;
  const cached = await finished(twin.runId, (await start(twin.runId, { judge: 'llm' })).id);
  expect(cached).toMatchObject({ status: 'done', done: 20, cached: 20, promptTokens: 0, costUsd: 0 });
  expect(llm.requests.length).toBe(sent);
});
