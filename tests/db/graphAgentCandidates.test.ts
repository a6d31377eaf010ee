// The lineage graph marks the eval agent's candidates (issue 13): programs the importer flagged
// (metadata.agentCandidate = true) and the ones a diagnosis names as its agent candidate, as node
// indices, also in a run whose seq has gaps (renumbered like the edges).
import { expect, it } from 'vitest';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { insertDiagnosis } from '../../lib/db/diagnoses';
import { getRunGraphJson } from '../../lib/db/graph';
import { runGraphSchema } from '../../lib/contracts/api/graph';
import { diagnosisReportSchema } from '../../lib/trace/diagnosis';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

const prog = (id: string, it: number, parents: string[] = []) => ({
  externalId: id, code: `x = ${it}\n`, iteration: it, valid: true, score: it, metrics: { score: it }, parents: parents.map((externalId) => ({ externalId })),
});

it('lists flagged and diagnosis-named agent candidates by node index', async () => {
  const runId = await createLiveRun({ name: `agent candidates ${Date.now()}`, framework: 'custom', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [prog('a', 0), prog('b', 1, ['a']), prog('c', 2, ['a']), prog('d', 3, ['c'])]);
  const ids = Object.fromEntries((await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId])).rows.map((r) => [r.external_id, r.id]));
  const graph = async () => runGraphSchema.parse(JSON.parse((await getRunGraphJson(runId))!));
  expect((await graph()).agentCandidates).toEqual([]);

  await pool().query(`UPDATE programs SET metadata = coalesce(metadata, '{}'::jsonb) || '{"agentCandidate": true}' WHERE id = $1`, [ids.b]);
  await pool().query(`UPDATE programs SET metadata = '{"agentCandidate": false}' WHERE id = $1`, [ids.a]);
  await insertDiagnosis(pool(), {
    runId, origin: 'evoscope', triggerGeneration: 3, programId: ids.c, reportMd: '', agentCandidateProgramId: ids.d,
    report: diagnosisReportSchema.parse({ hypothesis: '', experiment: '', verdict: '', direction: '' }),
  });
  const g = await graph();
  expect(g.agentCandidates.map((i) => g.externalIds[i])).toEqual(['b', 'd']);

  // A gap in seq: the indices still name the right nodes.
  await pool().query('UPDATE programs SET seq = seq + 10 WHERE run_id = $1 AND seq >= 2', [runId]);
  const gapped = await graph();
  expect(gapped.agentCandidates.map((i) => gapped.externalIds[i])).toEqual(['b', 'd']);
});
