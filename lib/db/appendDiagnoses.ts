// Live ingestion of the eval agent's triggers (POST /api/ingest/runs/[runId]/diagnoses): a running
// search streams each diagnosis as it is written. Under the run's row lock, like program batches;
// the programs a diagnosis names must have been ingested already. Aux values are stored as
// aux_metric_values and merged into the programs' metrics (a metric already there keeps its value);
// the agent candidate is flagged (metadata.agentCandidate) and its gain over the best before it
// recorded in the report.
import { diagnosisRecordSchema, type DiagnosisRecord } from '../trace/schema';
import { AppendError } from './appendPrograms';
import { insertDiagnosis, upsertAuxValues } from './diagnoses';
import { BlobSet, clean, inTransaction, jsonb, writeBlobs } from './rows';

export async function appendLiveDiagnoses(runId: string, records: DiagnosisRecord[]): Promise<{ stored: number; diagnosisIds: string[] }> {
  const parsed = records.map((r) => diagnosisRecordSchema.parse(r));
  return inTransaction(async (c) => {
    const run = await c.query<{ status: string; higher_is_better: boolean }>('SELECT status, higher_is_better FROM runs WHERE id = $1 FOR UPDATE', [runId]);
    if (!run.rows.length) throw new AppendError(404, 'run not found');
    if (run.rows[0].status !== 'live') throw new AppendError(409, `run is ${run.rows[0].status}, not live: no diagnosis can be added to it`);
    const names = [...new Set(parsed.flatMap((d) => [d.programExternalId, d.agentCandidateExternalId, ...d.auxValues.map((v) => v.externalId)]).filter((x): x is string => x != null))];
    const { rows } = await c.query<{ id: string; external_id: string; seq: number; score: number | null; valid: boolean }>(
      'SELECT id, external_id, seq, score, valid FROM programs WHERE run_id = $1 AND external_id = ANY($2)', [runId, names],
    );
    const byExt = new Map(rows.map((r) => [r.external_id, r]));
    const unknown = names.filter((n) => !byExt.has(n));
    if (unknown.length) throw new AppendError(400, `diagnosis names programs not ingested yet: ${unknown.slice(0, 5).map((u) => JSON.stringify(u)).join(', ')}${unknown.length > 5 ? ', ...' : ''}`);
    const blobs = new BlobSet();
    const shas = parsed.map((d) => ({ script: blobs.add(d.auxScript), candidate: blobs.add(d.agentCandidateCode) }));
    await writeBlobs(c, blobs);
    const ids: string[] = [];
    const higher = run.rows[0].higher_is_better;
    for (const [i, d] of parsed.entries()) {
      const cand = d.agentCandidateExternalId ? byExt.get(d.agentCandidateExternalId)! : null;
      let agentCandidate = d.report.agentCandidate;
      if (cand) {
        const best = await c.query<{ b: number | null }>(
          `SELECT ${higher ? 'max' : 'min'}(score) AS b FROM programs WHERE run_id = $1 AND seq < $2 AND valid AND score IS NOT NULL`, [runId, cand.seq],
        );
        const score = cand.valid ? cand.score : null;
        const bestScore = best.rows[0].b;
        const gain = score != null && bestScore != null ? (higher ? score - bestScore : bestScore - score) : null;
        agentCandidate = { status: cand.valid ? 'imported' : 'invalid', score, bestScore, gain, programId: cand.id };
        await c.query(`UPDATE programs SET metadata = coalesce(metadata, '{}'::jsonb) || '{"agentCandidate": true}'::jsonb WHERE id = $1`, [cand.id]);
      }
      const id = await insertDiagnosis(c, {
        runId, origin: 'imported', triggerGeneration: d.triggerGeneration, programId: d.programExternalId ? byExt.get(d.programExternalId)!.id : null,
        reportMd: clean(d.reportMd), report: { ...d.report, agentCandidate }, auxScriptSha: shas[i].script, agentCandidateSha: shas[i].candidate,
        agentCandidateProgramId: cand?.id ?? null,
      });
      ids.push(id);
      const values = d.auxValues.map((v) => ({ programId: byExt.get(v.externalId)!.id, status: 'ok', values: v.values }));
      await upsertAuxValues(c, runId, id, values);
      if (values.length) {
        await c.query(
          `UPDATE programs p SET metrics = v.vals::jsonb || coalesce(p.metrics, '{}'::jsonb)
           FROM unnest($1::uuid[], $2::text[]) AS v(id, vals) WHERE p.id = v.id`,
          [values.map((v) => v.programId), values.map((v) => jsonb(v.values))],
        );
        const keys = [...new Set(values.flatMap((v) => Object.keys(v.values)))];
        await c.query(
          'UPDATE runs SET metric_keys = ARRAY(SELECT DISTINCT x FROM unnest(metric_keys || $2::text[]) x ORDER BY 1) WHERE id = $1', [runId, keys.map(clean)],
        );
      }
    }
    await c.query('UPDATE runs SET updated_at = now() WHERE id = $1', [runId]);
    return { stored: ids.length, diagnosisIds: ids };
  });
}
