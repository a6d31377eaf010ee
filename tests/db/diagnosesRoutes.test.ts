// The diagnoses read API (issue 13) through its route handlers: a run's diagnoses by trigger
// generation; one diagnosis with the 'diagnose' experiment that wrote it and its calls (the tool
// results the report's numbers point at, the LLM exchanges with their usage), an imported one
// with none; the texts a diagnosis names, and nothing else (another diagnosis's, a stranger blob,
// another run's) through .../source.
import { NextRequest } from 'next/server';
import { expect, it, beforeAll } from 'vitest';
import { GET as list } from '../../app/api/runs/[runId]/diagnoses/route';
import { GET as detail } from '../../app/api/runs/[runId]/diagnoses/[diagnosisId]/route';
import { GET as source } from '../../app/api/runs/[runId]/diagnoses/[diagnosisId]/source/route';
import { pool } from '../../lib/db/client';
import { insertDiagnosis } from '../../lib/db/diagnoses';
import { putBlob } from '../../lib/services/experiments/runExperiment';
import { diagnosisReportSchema } from '../../lib/trace/diagnosis';
import { useTestDatabase } from '../helpers/dbTest';
import { storeDiagnosisFixture, type DiagnosisFixture } from '../helpers/diagnosisFixture';
import { scoredRun } from '../helpers/rerun';

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const { runIds } = useTestDatabase();
let runId: string;
let otherRunId: string;
let fx: DiagnosisFixture;
let importedId: string;

const call = async <P,>(handler: (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>, path: string, params: P) => {
  const res = await handler(new NextRequest(`http://${host}${path}`, { headers: { host } }), { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  const r = await scoredRun(`diagnoses-api-${Date.now()}`, [1, 2, 2, 2, 2, 2, 2, 3]);
  const o = await scoredRun(`diagnoses-api-other-${Date.now()}`, [1]);
  runIds.push(r.runId, o.runId);
  runId = r.runId;
  otherRunId = o.runId;
  fx = await storeDiagnosisFixture(runId, r.programIds[1], 6);
  importedId = await insertDiagnosis(pool(), {
    runId, origin: 'imported', triggerGeneration: 3, programId: r.programIds[1], reportMd: '## Hypothesis\nimported',
    report: diagnosisReportSchema.parse({ hypothesis: 'imported', experiment: '', verdict: 'none', direction: '', missing: ['no auxiliary_metrics.py in trigger 3'] }),
  });
});

it('lists a run’s diagnoses by trigger generation, reports parsed; none for another run', async () => {
  const res = await call(list, `/api/runs/${runId}/diagnoses`, { runId });
  expect(res.status).toBe(200);
  const ds = res.body.diagnoses as { id: string; origin: string; triggerGeneration: number; programExternalId: string; report: { claims: unknown[] } }[];
  expect(ds.map((d) => [d.id, d.origin, d.triggerGeneration])).toEqual([[importedId, 'imported', 3], [fx.diagnosisId, 'evoscope', 6]]);
  expect(ds[1].programExternalId).toBe('p1');
  expect(ds[1].report.claims).toHaveLength(4);
  expect((await call(list, `/api/runs/${otherRunId}/diagnoses`, { runId: otherRunId })).body).toEqual({ diagnoses: [] });
  expect((await call(list, `/api/runs/${crypto.randomUUID()}/diagnoses`, { runId: crypto.randomUUID() })).status).toBe(404);
  expect((await call(list, '/api/runs/nope/diagnoses', { runId: 'nope' })).status).toBe(400);
});

it('gives one diagnosis with its experiment and calls: tool results with their output, exchanges with their usage', async () => {
  const res = await call(detail, `/api/runs/${runId}/diagnoses/${fx.diagnosisId}`, { runId, diagnosisId: fx.diagnosisId });
  expect(res.status).toBe(200);
  expect(res.body.diagnosis.id).toBe(fx.diagnosisId);
  expect(res.body.experiment).toMatchObject({ id: fx.experimentId, kind: 'diagnose', status: 'done' });
  const calls = res.body.calls as { idx: number; phase: string; output: string | null; wallMs: number | null; sandboxStatus: string | null; llm: { usage: { promptTokens: number } } | null; requestSha: string | null }[];
  expect(calls.map((c) => c.phase)).toEqual(['llm', 'tool:run_program', 'tool:read_test_results', 'llm']);
  // The tool's result is what the report's numbers point at: it must come with the call.
  expect(calls[1]).toMatchObject({ output: expect.stringContaining('2.6351'), wallMs: 812, sandboxStatus: 'ok' });
  expect(calls[0].llm?.usage.promptTokens).toBe(2100);
  expect(calls[0].requestSha).toBe(fx.requestSha);

  const imported = await call(detail, `/api/runs/${runId}/diagnoses/${importedId}`, { runId, diagnosisId: importedId });
  expect(imported.body).toMatchObject({ experiment: null, calls: [] });
  expect(imported.body.diagnosis.report.missing).toEqual(['no auxiliary_metrics.py in trigger 3']);
  // Through another run, or an id that is not one: not found / refused.
  expect((await call(detail, `/api/runs/${otherRunId}/diagnoses/${fx.diagnosisId}`, { runId: otherRunId, diagnosisId: fx.diagnosisId })).status).toBe(404);
  expect((await call(detail, `/api/runs/${runId}/diagnoses/x`, { runId, diagnosisId: 'x' })).status).toBe(400);
});

it('gives out the texts the diagnosis names and refuses the rest', async () => {
  const get = (run: string, id: string, sha: string) => call(source, `/api/runs/${run}/diagnoses/${id}/source?sha=${sha}`, { runId: run, diagnosisId: id });
  expect((await get(runId, fx.diagnosisId, fx.auxScriptSha)).body).toEqual({ sha: fx.auxScriptSha, source: fx.auxScript });
  expect((await get(runId, fx.diagnosisId, fx.candidateSha)).body.source).toBe(fx.candidate);
  expect((await get(runId, fx.diagnosisId, fx.responseSha)).status).toBe(200);
  const stranger = await putBlob(`# not of this diagnosis ${Date.now()}\n`);
  expect((await get(runId, fx.diagnosisId, stranger)).status).toBe(404);
  // The imported diagnosis names no script: the other diagnosis's texts are not its.
  expect((await get(runId, importedId, fx.auxScriptSha)).status).toBe(404);
  expect((await get(otherRunId, fx.diagnosisId, fx.auxScriptSha)).status).toBe(404);
  expect((await get(runId, fx.diagnosisId, 'abc')).status).toBe(400);
});
