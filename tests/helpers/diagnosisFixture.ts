// A stored diagnosis as the 'diagnose' job leaves one (issue 13), for the database tests and the
// browser spec until the demo data carries one: a done 'diagnose' experiment with two LLM
// exchanges and two tool calls (their requests, replies and the aux script stored as blobs), and
// the diagnosis whose report's numbers point at those calls (one number unlinked: unverified).
import { pool } from '../../lib/db/client';
import { insertDiagnosis } from '../../lib/db/diagnoses';
import { storeCall } from '../../lib/db/experiments';
import { BlobSet, inTransaction, writeBlobs } from '../../lib/db/rows';
import type { DiagnosisReport } from '../../lib/trace/diagnosis';

export const FIXTURE_REPORT_MD = `## Hypothesis
The best program stalls because its placement loop stops after 812 ms with 26 circles.

## Experiment
Ran the program on the evaluator's input: sum of radii 2.6351 in 812 ms.

## Verdict
The score 2.6351 is limited by the greedy placement; 0.98 of the area bound is already used.

## Direction
Try a local search over the 26 centres instead of another greedy order.`;

// Not runExperiment's putBlob: that module pulls in every experiment runner, too much for a browser spec.
async function putBlob(text: string): Promise<string> {
  const blobs = new BlobSet();
  const sha = blobs.add(text);
  await inTransaction((c) => writeBlobs(c, blobs));
  return sha;
}

export interface DiagnosisFixture {
  diagnosisId: string;
  experimentId: string;
  auxScript: string;
  auxScriptSha: string;
  candidate: string;
  candidateSha: string;
  requestSha: string;
  responseSha: string;
}

/** Stores the fixture diagnosis on `programId` of `runId` at `triggerGeneration` (a unique tag keeps blobs apart). */
export async function storeDiagnosisFixture(runId: string, programId: string, triggerGeneration: number, tag = `${Date.now()}`): Promise<DiagnosisFixture> {
  const auxScript = `# auxiliary_metrics.py (${tag})\nimport json, os\n\ndef evaluate_aux(results_dir, primary_result):\n    return {"circles": 26.0}\n`;
  const auxScriptSha = await putBlob(auxScript);
  const candidate = `# agent candidate (${tag})\nimport numpy as np\n\ndef construct_packing():\n    return local_search(greedy_start(26))\n`;
  const candidateSha = await putBlob(candidate);
  const requestSha = await putBlob(JSON.stringify({ messages: [{ role: 'user', content: `Diagnose the plateau (${tag})` }] }));
  const responseSha = await putBlob(JSON.stringify({ tool_calls: [{ name: 'run_program', arguments: '{}' }], tag }));
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO experiments (id, run_id, program_id, kind, params, status, total, done, failed, result, started_at, finished_at)
     VALUES (gen_random_uuid(), $1, $2, 'diagnose', $3::jsonb, 'done', 4, 0, 0, NULL, now(), now()) RETURNING id`,
    [runId, programId, JSON.stringify({ kind: 'diagnose', atGeneration: triggerGeneration, k: 5, maxToolCalls: 12, maxTokens: 60000, auxMetrics: true, agentCandidate: true })],
  );
  const experimentId = rows[0].id;
  const usage = (p: number, c: number) => ({ model: 'scripted', usage: { promptTokens: p, completionTokens: c, costUsd: null } });
  await storeCall(experimentId, { idx: 0, phase: 'llm', input: {}, status: 'ok', score: null, requestSha, responseSha, llm: usage(2100, 140) });
  await storeCall(experimentId, {
    idx: 1, phase: 'tool:run_program', input: { stdin: '26\n' }, status: 'ok', score: null, sandboxStatus: 'ok', wallMs: 812,
    output: 'circles: 26\nsum of radii: 2.6351\nwall: 812 ms',
  });
  await storeCall(experimentId, {
    idx: 2, phase: 'tool:read_test_results', input: {}, status: 'ok', score: null, sandboxStatus: 'ok', wallMs: 40,
    output: 'test 0: ok (2.6351)',
  });
  await storeCall(experimentId, { idx: 3, phase: 'llm', input: {}, status: 'ok', score: null, requestSha, responseSha, llm: usage(2600, 560) });
  const report: DiagnosisReport = {
    hypothesis: 'The best program stalls because its placement loop stops after 812 ms with 26 circles.',
    experiment: "Ran the program on the evaluator's input: sum of radii 2.6351 in 812 ms.",
    verdict: 'The score 2.6351 is limited by the greedy placement; 0.98 of the area bound is already used.',
    direction: 'Try a local search over the 26 centres instead of another greedy order.',
    claims: [
      { part: 'hypothesis', text: 'The best program stalls because its placement loop stops after 812 ms with 26 circles.', value: '812', toolCallIdx: 1 },
      { part: 'experiment', text: "Ran the program on the evaluator's input: sum of radii 2.6351 in 812 ms.", value: '2.6351', toolCallIdx: 1 },
      { part: 'verdict', text: 'The score 2.6351 is limited by the greedy placement.', value: '2.6351', toolCallIdx: 2 },
      { part: 'verdict', text: '0.98 of the area bound is already used.', value: '0.98', toolCallIdx: null },
    ],
    auxMetricNames: ['circles'],
    trivialMetrics: [{ name: 'circles', rho: 1, disagreements: 0, n: 12, trivial: true, why: 'perfectly rank-correlated with the score (rho 1.00, no disagreement)' }],
    changeLog: [
      { programId, externalId: 'tried-1', generation: Math.max(0, triggerGeneration - 2), editTypes: ['parameter tweak'], delta: -0.01, cycling: false, summary: 'changed the step size' },
      { programId, externalId: 'tried-2', generation: Math.max(0, triggerGeneration - 1), editTypes: ['revert'], delta: 0, cycling: true, summary: 're-added the deleted jitter' },
    ],
    bounds: { toolCalls: 2, maxToolCalls: 12, tokens: 5400, maxTokens: 60000, stoppedBy: null },
    agentCandidate: { status: 'ok', score: 2.64, bestScore: 2.6351, gain: 0.0049, programId: null },
    missing: [],
  };
  const diagnosisId = await insertDiagnosis(pool(), {
    runId, origin: 'evoscope', experimentId, triggerGeneration, programId, reportMd: FIXTURE_REPORT_MD, report, auxScriptSha, agentCandidateSha: candidateSha,
  });
  return { diagnosisId, experimentId, auxScript, auxScriptSha, candidate, candidateSha, requestSha, responseSha };
}
