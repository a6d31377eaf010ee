// The taxonomy and judging-batch routes through their handlers (issue 9): every answer parsed by
// the schema the views code against (lib/contracts/api/taxonomySchemas.ts), judges listed with counts and
// spend, stats per run and pooled, pages of a label's edits, the lineage bitmasks, a program's
// judgements, agreement, and starting, listing, cancelling and resuming batches (LLM not
// configured: 409 naming where to configure it). Judgements come from scripted judges here.
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import * as batchRoute from '../../app/api/runs/[runId]/judge-batches/[batchId]/route';
import * as cancelRoute from '../../app/api/runs/[runId]/judge-batches/[batchId]/cancel/route';
import * as resumeRoute from '../../app/api/runs/[runId]/judge-batches/[batchId]/resume/route';
import * as batchesRoute from '../../app/api/runs/[runId]/judge-batches/route';
import { auditPage } from '../../lib/db/auditLog';
import * as judgementsRoute from '../../app/api/runs/[runId]/judgements/route';
import * as programJudgementsRoute from '../../app/api/runs/[runId]/programs/[programId]/judgements/route';
import * as agreementRoute from '../../app/api/runs/[runId]/taxonomy/agreement/route';
import * as taxonomyRoute from '../../app/api/runs/[runId]/taxonomy/route';
import * as pooledRoute from '../../app/api/taxonomy/route';
import { EDIT_LABELS } from '../../lib/contracts/editLabels';
import { llmJudgeKey, OFFLINE_JUDGE_KEY } from '../../lib/contracts/taxonomyTypes';
import {
  agreementReportSchema, judgeAgreementSchema, judgeBatchEnvelopeSchema, judgeBatchListSchema, judgementsPageSchema, pooledTaxonomySchema,
  programJudgementsSchema, programLabelsSchema, runTaxonomySchema,
} from '../../lib/contracts/api/taxonomySchemas';
import { createJudgeBatch } from '../../lib/db/judgeBatches';
import { runJudgeBatch } from '../../lib/services/judging/runJudgeBatch';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { useTestDatabase } from '../helpers/dbTest';
import { chainRun, fakeDeps, fakeLlmSettings } from '../helpers/judging';

const { runIds } = useTestDatabase({ after: () => releaseJobClient() });
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const LLM = llmJudgeKey('fake-model');

type Route = { GET?: unknown; POST?: unknown };
async function call(route: Route, method: 'GET' | 'POST', path: string, params: Record<string, string>, body?: unknown) {
  const handler = route[method] as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const headers: Record<string, string> = { host };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const req = new NextRequest(`http://${host}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

/** A run of 8 programs (7 edits; p1, p4, p7 add or drop `import math`) judged offline and by the scripted LLM. */
async function judgedRun(scores?: (number | null)[]) {
  const r = await chainRun(8, { scores });
  runIds.push(r.runId);
  const off = (await createJudgeBatch({ runId: r.runId, kind: 'offline' }, null))!;
  await runJudgeBatch(off.id, fakeDeps());
  const llm = (await createJudgeBatch({ runId: r.runId, kind: 'llm' }, fakeLlmSettings()))!;
  await runJudgeBatch(llm.id, fakeDeps());
  return r;
}

describe('taxonomy routes', () => {
  it('GET taxonomy: the judges with counts and spend, and the offline judge\'s stats by default', async () => {
    const r = await judgedRun();
    const res = await call(taxonomyRoute, 'GET', `/api/runs/${r.runId}/taxonomy`, { runId: r.runId });
    expect(res.status).toBe(200);
    const t = runTaxonomySchema.parse(res.body);
    expect(t).toMatchObject({ runId: r.runId, judge: OFFLINE_JUDGE_KEY, editCount: 7, notJudged: 0, usage: { promptTokens: 0, costUsd: 0 } });
    expect(t.judges.map((j) => [j.judge, j.kind, j.model, j.judged, j.pending])).toEqual([
      [OFFLINE_JUDGE_KEY, 'offline', null, 7, 0],
      [LLM, 'llm', 'fake-model', 7, 0],
    ]);
    expect(t.judges[1].usage).toMatchObject({ promptTokens: 700, completionTokens: 140 });
    expect(t.judges[1].latestBatch).toMatchObject({ status: 'done', done: 7 });
    // The fake offline judge: external_dependency where the import line changes (p1, p2, p4, p5, p7).
    const stats = t.stats!;
    expect(stats.edits).toBe(7);
    const ext = stats.labels.find((l) => l.label === 'external_dependency')!;
    expect(ext.count).toBe(5);
    expect(ext.prevalence).toBeCloseTo(5 / 7, 10);
    // Scores 0..7 and two 0s (p95 of |score| = 6.55): every edit improves, each a new best on the final lineage.
    expect(stats.scoreScale).toBeCloseTo(6.55, 10);
    expect([stats.bestSoFarEdits, stats.finalLineageEdits]).toEqual([7, 7]);

    const llm = runTaxonomySchema.parse((await call(taxonomyRoute, 'GET', `/api/runs/${r.runId}/taxonomy?judge=${encodeURIComponent(LLM)}`, { runId: r.runId })).body);
    expect(llm.judge).toBe(LLM);
    expect(llm.usage).toMatchObject({ promptTokens: 700, completionTokens: 140 });
    expect(llm.usage.costUsd).toBeCloseTo(0.007, 10);
    const none = runTaxonomySchema.parse((await call(taxonomyRoute, 'GET', `/api/runs/${r.runId}/taxonomy?judge=llm:nobody@rubric-1`, { runId: r.runId })).body);
    expect(none.stats).toBeNull();
    expect((await call(taxonomyRoute, 'GET', `/api/runs/${crypto.randomUUID()}/taxonomy`, { runId: crypto.randomUUID() })).status).toBe(404);
    expect((await call(taxonomyRoute, 'GET', '/api/runs/x/taxonomy', { runId: 'x' })).status).toBe(400);
  });

  it('GET /api/taxonomy pools runs; an unknown run is a 404 naming it', async () => {
    const a = await judgedRun();
    const b = await judgedRun([3, 2, 1, 0, 1, 2, 3, 4]);
    const res = await call(pooledRoute, 'GET', `/api/taxonomy?runs=${a.runId},${b.runId}`, {});
    expect(res.status).toBe(200);
    const p = pooledTaxonomySchema.parse(res.body);
    expect(p.runs.map((x) => [x.runId, x.edits])).toEqual([[a.runId, 7], [b.runId, 7]]);
    expect(p.stats.edits).toBe(14);
    expect(p.stats.runScales).toHaveLength(2);
    const missing = crypto.randomUUID();
    const bad = await call(pooledRoute, 'GET', `/api/taxonomy?runs=${a.runId},${missing}`, {});
    expect(bad).toMatchObject({ status: 404, body: { error: `run ${missing} not found` } });
    expect((await call(pooledRoute, 'GET', '/api/taxonomy?runs=', {})).status).toBe(400);
  });

  it('GET judgements: a label\'s edits with score change, sorted and paged; format=labels gives the bitmasks', async () => {
    const r = await judgedRun([0, 5, 1, 4, 2, 3, 9, 6]);
    const url = (q: string) => `/api/runs/${r.runId}/judgements?${q}`;
    const first = judgementsPageSchema.parse((await call(judgementsRoute, 'GET', url('label=external_dependency&sort=-scoreChange&limit=2'), { runId: r.runId })).body);
    expect(first).toMatchObject({ judge: OFFLINE_JUDGE_KEY, label: 'external_dependency', total: 5 });
    // p1 (+5), p2 (-4), p4 (-2), p5 (+1), p7 (-3): best first.
    expect(first.items.map((i) => i.childExternalId)).toEqual(['p1', 'p5']);
    expect(first.items[0]).toMatchObject({ parentExternalId: 'p0', parentId: r.id('p0'), childId: r.id('p1'), parentScore: 0, childScore: 5, labels: ['external_dependency'], rationale: 'an import changed', status: 'judged' });
    expect(first.items[0].scoreChange).toBeCloseTo(5 / first.scoreScale, 10);
    const second = judgementsPageSchema.parse((await call(judgementsRoute, 'GET', url(`label=external_dependency&sort=-scoreChange&limit=2&cursor=${first.nextCursor}`), { runId: r.runId })).body);
    expect(second.items.map((i) => i.childExternalId)).toEqual(['p4', 'p7']);
    const third = judgementsPageSchema.parse((await call(judgementsRoute, 'GET', url(`label=external_dependency&sort=-scoreChange&limit=2&cursor=${second.nextCursor}`), { runId: r.runId })).body);
    expect(third.items.map((i) => i.childExternalId)).toEqual(['p2']);
    expect(third.nextCursor).toBeNull();
    const bySeq = judgementsPageSchema.parse((await call(judgementsRoute, 'GET', url(`judge=${encodeURIComponent(LLM)}`), { runId: r.runId })).body);
    expect(bySeq.items.map((i) => i.childExternalId)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect((await call(judgementsRoute, 'GET', url('cursor=nope'), { runId: r.runId })).status).toBe(400);
    expect((await call(judgementsRoute, 'GET', url('label=style'), { runId: r.runId })).status).toBe(400);

    const masks = programLabelsSchema.parse((await call(judgementsRoute, 'GET', url('format=labels'), { runId: r.runId })).body);
    expect(masks.labels).toEqual([...EDIT_LABELS]);
    const maskOf = new Map(masks.programIds.map((id, i) => [id, masks.masks[i]]));
    expect(maskOf.size).toBe(7);
    expect(maskOf.get(r.id('p1'))).toBe(1 << EDIT_LABELS.indexOf('external_dependency'));
    expect(maskOf.get(r.id('p3'))).toBe(1 << EDIT_LABELS.indexOf('local_refinement'));
    expect(maskOf.has(r.id('p0'))).toBe(false);
  });

  it('GET a program\'s judgements: every judge, offline first, with evidence; agreement of two judges', async () => {
    const r = await judgedRun();
    const res = await call(programJudgementsRoute, 'GET', '', { runId: r.runId, programId: r.id('p3') });
    const pj = programJudgementsSchema.parse(res.body);
    expect(pj.judgements.map((j) => [j.judge, j.kind, j.labels])).toEqual([
      [OFFLINE_JUDGE_KEY, 'offline', ['local_refinement']],
      [LLM, 'llm', ['hyperparameter_tuning']],
    ]);
    expect(pj.judgements[0]).toMatchObject({ parentId: r.id('p2'), evidence: { local_refinement: { added: [3], removed: [3] } }, status: 'judged' });
    expect(pj.judgements[0].diffHash).toMatch(/^[0-9a-f]{64}$/);
    expect(programJudgementsSchema.parse((await call(programJudgementsRoute, 'GET', '', { runId: r.runId, programId: r.id('p0') })).body).judgements).toEqual([]);
    expect((await call(programJudgementsRoute, 'GET', '', { runId: r.runId, programId: crypto.randomUUID() })).status).toBe(404);

    const ag = judgeAgreementSchema.parse((await call(agreementRoute, 'GET', `/api/runs/${r.runId}/taxonomy/agreement?a=${OFFLINE_JUDGE_KEY}&b=${encodeURIComponent(LLM)}`, { runId: r.runId })).body);
    expect(ag).toMatchObject({ a: OFFLINE_JUDGE_KEY, b: LLM });
    agreementReportSchema.parse(ag.report);
    // The scripted LLM also says external_dependency where the diff shows an import: the same 5 edits.
    expect(ag.report.n).toBe(7);
    expect(ag.report.perLabel.find((l) => l.label === 'external_dependency')).toMatchObject({ both: 5, onlyA: 0, onlyB: 0 });
    expect((await call(agreementRoute, 'GET', `/api/runs/${r.runId}/taxonomy/agreement?a=x`, { runId: r.runId })).status).toBe(400);
  });

  it('judge-batches: start, refuse a second one and an unconfigured LLM (409), list, get, cancel, resume', async () => {
    const r = await chainRun(5);
    runIds.push(r.runId);
    const base = `/api/runs/${r.runId}/judge-batches`;
    const started = await call(batchesRoute, 'POST', base, { runId: r.runId }, { judge: 'offline' });
    expect(started.status).toBe(201);
    const batch = judgeBatchEnvelopeSchema.parse(started.body).batch;
    expect(batch).toMatchObject({ judge: OFFLINE_JUDGE_KEY, status: 'queued', total: 4 });
    const again = await call(batchesRoute, 'POST', base, { runId: r.runId }, { judge: 'offline' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already queued/);
    const llm = await call(batchesRoute, 'POST', base, { runId: r.runId }, { judge: 'llm', budget: { maxEdits: 2 } });
    expect(llm.status).toBe(409);
    expect(llm.body.error).toMatch(/\/settings/);
    expect(llm.body.error).toMatch(/EVOSCOPE_LLM_BASE_URL/);
    expect((await call(batchesRoute, 'POST', base, { runId: r.runId }, { judge: 'human' })).status).toBe(400);
    expect((await call(batchesRoute, 'POST', base, { runId: r.runId }, { judge: 'llm', budget: { maxEdits: -1 } })).status).toBe(400);

    const list = judgeBatchListSchema.parse((await call(batchesRoute, 'GET', base, { runId: r.runId })).body);
    expect(list.batches.map((b) => b.id)).toEqual([batch.id]);
    const params = { runId: r.runId, batchId: batch.id };
    expect(judgeBatchEnvelopeSchema.parse((await call(batchRoute, 'GET', '', params)).body).batch.id).toBe(batch.id);
    expect((await call(batchRoute, 'GET', '', { runId: r.runId, batchId: crypto.randomUUID() })).status).toBe(404);

    // Resuming an active batch returns it; cancelled, a resume is a new batch over what is left.
    expect((await call(resumeRoute, 'POST', '', params)).body.batch.id).toBe(batch.id);
    const cancelled = judgeBatchEnvelopeSchema.parse((await call(cancelRoute, 'POST', '', params)).body).batch;
    expect(cancelled.status).toBe('cancelled');
    const resumed = await call(resumeRoute, 'POST', '', params, { budget: { maxEdits: 3 } });
    expect(resumed.status).toBe(201);
    const next = judgeBatchEnvelopeSchema.parse(resumed.body).batch;
    expect(next).toMatchObject({ judge: OFFLINE_JUDGE_KEY, status: 'queued', total: 4, budget: { maxEdits: 3 } });
    expect(next.id).not.toBe(batch.id);
    expect((await call(resumeRoute, 'POST', '', params, { budget: { maxTokens: 'many' } })).status).toBe(400);

    // Relabelling is audited: the start and the resume, each naming its batch.
    const audited = (await auditPage({ action: 'judge.', limit: 50 })).entries.filter((e) => e.targetId === r.runId);
    expect(audited.map((e) => [e.action, (e.details as { batchId: string }).batchId]).reverse()).toEqual([
      ['judge.start', batch.id],
      ['judge.resume', next.id],
    ]);
  });
});
