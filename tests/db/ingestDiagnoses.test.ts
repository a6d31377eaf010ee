// The eval agent's triggers as JSONL `diagnosis` records: streamed to a live run through
// POST /api/ingest/runs/[runId]/diagnoses, and imported from a .jsonl file. Both store a diagnosis
// (origin 'imported') with its aux values and flagged agent candidate.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postPrograms } from '../../app/api/ingest/runs/[runId]/programs/route';
import { POST as postDiagnoses } from '../../app/api/ingest/runs/[runId]/diagnoses/route';
import { createLiveRun, finishLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { auxPoints, listDiagnoses } from '../../lib/db/diagnoses';
import { storeImportedRun } from '../../lib/db/importRun';
import { ingestToken } from '../../lib/db/settings';
import { readRunsFromPath } from '../../lib/importers';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-ingest-diag-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let token: string;
beforeAll(async () => {
  token = await ingestToken();
});
const tag = crypto.randomUUID().slice(0, 8);

async function post(handler: typeof postDiagnoses, runId: string, what: string, body: unknown) {
  const req = new NextRequest(`http://${host}/api/ingest/runs/${runId}/${what}`, {
    method: 'POST', headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const res = await handler(req, { params: Promise.resolve({ runId }) });
  return { status: res.status, body: await res.json() };
}

const diagnosis = {
  trigger_generation: 2, diagnosed: 'p1',
  report_md: '## Hypothesis\nTLE on n=5000.\n## Experiment\nRan it: 2300 ms.\n## Verdict\nConfirmed.\n## Direction\nUse a heap.',
  aux_script: `# ${tag}\ndef evaluate_aux(results_dir, primary_result=None):\n    return {"runtime_ms": 0.0}\n`,
  aux_values: { p2: { runtime_ms: 2300 }, p3: { runtime_ms: 450 } },
  agent_candidate: 'p3', agent_candidate_code: `// ${tag} candidate`,
};

describe('diagnosis records', () => {
  it('a live run takes them after the programs they name', async () => {
    const runId = await createLiveRun({ name: `live diag ${tag}`, framework: 'custom', scoreMetric: 'score' });
    runIds.push(runId);
    const progs = await post(postPrograms as typeof postDiagnoses, runId, 'programs', {
      programs: [0, 1, 2, 3].map((i) => ({ id: `p${i}`, code: `c${i}`, iteration: i, generation: i, score: [10, 12, 11, 15][i], ...(i ? { parent_ids: [`p${i - 1}`] } : {}) })),
    });
    expect(progs.status, JSON.stringify(progs.body)).toBe(200);

    const early = await post(postDiagnoses, runId, 'diagnoses', { records: [{ diagnosis: { ...diagnosis, agent_candidate: 'p9' } }] });
    expect(early).toEqual({ status: 400, body: expect.objectContaining({ error: expect.stringContaining('diagnosis names programs not ingested yet: "p9"') }) });
    const bad = await post(postDiagnoses, runId, 'diagnoses', { records: [{ diagnosis: { ...diagnosis, report_md: 7 } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('records[0]: diagnosis.report_md must be a string');

    const ok = await post(postDiagnoses, runId, 'diagnoses', { records: [{ diagnosis }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.stored).toBe(1);
    const [d] = await listDiagnoses(runId);
    expect(d).toMatchObject({ origin: 'imported', triggerGeneration: 2, programExternalId: 'p1' });
    expect(d.report.experiment).toBe('Ran it: 2300 ms.');
    expect(d.report.agentCandidate).toMatchObject({ score: 15, bestScore: 12, gain: 3, programId: d.agentCandidateProgramId });
    expect((await auxPoints(runId, d.id)).map((p) => [p.externalId, p.values])).toEqual([['p2', { runtime_ms: 2300 }], ['p3', { runtime_ms: 450 }]]);
    const p3 = await pool().query(`SELECT metrics, metadata FROM programs WHERE run_id = $1 AND external_id = 'p3'`, [runId]);
    expect(p3.rows[0].metrics).toMatchObject({ runtime_ms: 450, score: 15 });
    expect(p3.rows[0].metadata).toMatchObject({ agentCandidate: true });
    expect((await pool().query('SELECT metric_keys FROM runs WHERE id = $1', [runId])).rows[0].metric_keys).toContain('runtime_ms');

    await finishLiveRun(runId);
    expect((await post(postDiagnoses, runId, 'diagnoses', { records: [{ diagnosis }] })).status).toBe(409);
  });

  it('a .jsonl file imports them with its programs', async () => {
    const file = path.join(tmp, 'run.jsonl');
    const lines = [
      { evoscope_run: { name: `jsonl diag ${tag}`, score_metric: 'score' } },
      ...[0, 1, 2, 3].map((i) => ({ id: `p${i}`, code: `c${i}`, iteration: i, generation: i, score: [10, 12, 11, 15][i] })),
      { diagnosis },
    ];
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const [run] = await readRunsFromPath(file);
    const s = await storeImportedRun(run);
    runIds.push(s.runId);
    const [d] = await listDiagnoses(s.runId);
    expect(d.auxScriptSha).toBe(crypto.createHash('sha256').update(diagnosis.aux_script, 'utf8').digest('hex'));
    expect(d.agentCandidateProgramId).not.toBeNull();
    expect(d.report.agentCandidate!.programId).toBe(d.agentCandidateProgramId);
    expect((await auxPoints(s.runId, d.id)).length).toBe(2);
  });
});
