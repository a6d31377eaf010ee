// Importing a run with the eval agent's folder (lib/importers/evalAgent.ts -> lib/db/importRun.ts):
// one diagnoses row per trigger (origin 'imported', report parsed, scripts and candidates as
// blobs), aux_metric_values for the programs the script in force ran on, the agent candidate
// linked and flagged, a malformed report a warning of the import; deleting the run removes the
// blobs only it named and keeps those another run's diagnosis still names.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { GET as agentCandidatesGET } from '../../app/api/runs/[runId]/agent-candidates/route';
import type { AgentCandidateComparison } from '../../lib/analysis/agentCandidates';
import { pool } from '../../lib/db/client';
import { auxPoints, listDiagnoses } from '../../lib/db/diagnoses';
import { storeImportedRun } from '../../lib/db/importRun';
import { deleteRun } from '../../lib/db/runEdit';
import { readRunsFromPath } from '../../lib/importers';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const tag = crypto.randomUUID().slice(0, 8);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-diag-db-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

const SCRIPT = `# ${tag} shared script\ndef evaluate_aux(results_dir, primary_result=None):\n    return {"runtime_ms_big": 1.0}\n`;
const REPORT = '## Hypothesis\nToo slow on n=5000.\n## Experiment\nMeasured 840 ms.\n## Verdict\nConfirmed, 2.1x the limit.\n## Direction\nPrune early.';

function writeRun(name: string, candidate: string, opts: { script?: string; candidateFile?: string } = {}) {
  const root = path.join(tmp, name);
  const files: Record<string, string> = {};
  const gen = (n: number, score: number, aux: number | null, code = `// ${tag} ${name} ${n}\nint main(){}`) => {
    files[`gen_${n}/main.cpp`] = code;
    files[`gen_${n}/results/metrics.json`] = JSON.stringify({ combined_score: score, public: aux == null ? {} : { runtime_ms_big: aux } });
    files[`gen_${n}/results/correct.json`] = JSON.stringify({ correct: true, error: null });
  };
  gen(0, 10, null); gen(1, 12, null); gen(2, 11, 900); gen(3, 15, 300, candidate); gen(4, 14, 280);
  files['eval_agent_memory/trigger_2/diagnostic_report.md'] = REPORT;
  files['eval_agent_memory/trigger_2/auxiliary_metrics.py'] = opts.script ?? SCRIPT;
  files['eval_agent_memory/trigger_2/agent_candidate.cpp'] = opts.candidateFile ?? candidate;
  files['eval_agent_memory/trigger_4/diagnostic_report.md'] = Buffer.from([0xc3, 0x28]).toString('latin1');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), rel.endsWith('trigger_4/diagnostic_report.md') ? Buffer.from([0xc3, 0x28]) : text);
  }
  return root;
}

async function importDir(root: string) {
  const [run] = await readRunsFromPath(root, { format: 'shinkaevolve' });
  const s = await storeImportedRun(run);
  runIds.push(s.runId);
  return s;
}

const blobCount = async (shas: string[]) =>
  (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM blobs WHERE sha256 = ANY($1)', [shas])).rows[0].n;

describe('importing the eval agent', () => {
  it('stores reports, aux values and agent candidates; a malformed report is a warning', async () => {
    const candidate = `// ${tag} agent A\nint main(){return 1;}\n`;
    const s = await importDir(writeRun('run_a', candidate));
    expect(s.warnings.find((w) => w.code === 'eval-agent-file-skipped')).toMatchObject({ file: 'eval_agent_memory/trigger_4/diagnostic_report.md' });

    const ds = await listDiagnoses(s.runId);
    expect(ds.map((d) => [d.origin, d.triggerGeneration])).toEqual([['imported', 2], ['imported', 4]]);
    const [d2, d4] = ds;
    expect(d2.report.verdict).toBe('Confirmed, 2.1x the limit.');
    expect(d2.report.claims.map((c) => [c.part, c.value, c.toolCallIdx])).toEqual([
      ['hypothesis', '5000', null], ['experiment', '840 ms', null], ['verdict', '2.1x', null],
    ]);
    expect(d2.programExternalId).toBe('gen_1');
    expect(d2.auxScriptSha).toBe(sha(SCRIPT));
    expect(d2.agentCandidateSha).toBe(sha(candidate));
    const cand = await pool().query<{ id: string; external_id: string; metadata: { agentCandidate?: boolean } }>(
      `SELECT id, external_id, metadata FROM programs WHERE run_id = $1 AND metadata->>'agentCandidate' = 'true'`, [s.runId]);
    expect(cand.rows.map((r) => r.external_id)).toEqual(['gen_3']);
    expect(d2.agentCandidateProgramId).toBe(cand.rows[0].id);
    expect(d2.report.agentCandidate).toEqual({ status: 'imported', score: 15, bestScore: 12, gain: 3, programId: cand.rows[0].id });
    // Trigger 4: its report was not UTF-8: no parts invented, all named missing.
    expect(d4.reportMd).toBe('');
    expect(d4.report.missing).toEqual(['no diagnostic_report.md in eval_agent_memory/trigger_4', 'no auxiliary_metrics.py in eval_agent_memory/trigger_4']);

    const points = await auxPoints(s.runId, d2.id);
    expect(points.map((p) => [p.externalId, p.status, p.values])).toEqual([
      ['gen_2', 'ok', { runtime_ms_big: 900 }], ['gen_3', 'ok', { runtime_ms_big: 300 }], ['gen_4', 'ok', { runtime_ms_big: 280 }],
    ]);
    // The aux values stay merged into the programs' metrics, as the framework wrote them.
    const m = await pool().query<{ metrics: Record<string, number> }>(`SELECT metrics FROM programs WHERE run_id = $1 AND external_id = 'gen_4'`, [s.runId]);
    expect(m.rows[0].metrics.runtime_ms_big).toBe(280);

    // GET /api/runs/:runId/agent-candidates. Without a database the Shinka lineage is rebuilt from
    // original.* files, which these folders lack: every program is parentless, so no mutation
    // children; the candidate gen_3 (15) beat the best before it (gen_1, 12) by 3.
    const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
    const res = await agentCandidatesGET(new NextRequest(`http://${host}/api/runs/${s.runId}/agent-candidates`, { headers: { host } }), { params: Promise.resolve({ runId: s.runId }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AgentCandidateComparison;
    expect(body.periods).toEqual([{ startGeneration: 2, endGeneration: 3, agent: 1, mutation: 0 }]);
    expect(body.agent).toMatchObject({ count: 1, newBest: 1, meanGainOverBest: 3, meanGainOverParent: null });
    expect(body.candidates.map((c) => c.externalId)).toEqual(['gen_3']);
    const missing = await agentCandidatesGET(new NextRequest(`http://${host}/api/runs/${crypto.randomUUID()}/agent-candidates`, { headers: { host } }), { params: Promise.resolve({ runId: crypto.randomUUID() }) });
    expect(missing.status).toBe(404);
  });

  it("deleting a run removes the blobs only its diagnoses named and keeps those another run's still names", async () => {
    // Candidate files that match no program: their blobs are named by the diagnoses alone.
    const script = SCRIPT.replace('shared script', 'script of b');
    const candA = `// ${tag} agent B1 (never entered the pool)\n`;
    const candB = `// ${tag} agent B2 (never entered the pool)\n`;
    const a = await importDir(writeRun('run_b1', `// ${tag} b1 gen 3\n`, { script, candidateFile: candA }));
    const b = await importDir(writeRun('run_b2', `// ${tag} b2 gen 3\n`, { script, candidateFile: candB }));
    expect(await blobCount([sha(script), sha(candA), sha(candB)])).toBe(3);
    await deleteRun(a.runId);
    expect(await pool().query('SELECT 1 FROM diagnoses WHERE run_id = $1', [a.runId]).then((r) => r.rowCount)).toBe(0);
    // The script is also run b2's: kept. Run b1's candidate was only its own: removed.
    expect(await blobCount([sha(script)])).toBe(1);
    expect(await blobCount([sha(candA)])).toBe(0);
    expect(await blobCount([sha(candB)])).toBe(1);
    await deleteRun(b.runId);
    expect(await blobCount([sha(script), sha(candB)])).toBe(0);
  });
});
