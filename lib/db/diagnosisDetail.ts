// Reading one diagnosis whole (issue 13): the diagnosis, the 'diagnose' experiment that wrote it
// (null for an imported one) and that experiment's calls, the tool results and LLM exchanges the
// report's claims point at (their logs included: a tool call's output is the result the agent
// read). The texts a diagnosis names (auxiliary_metrics.py, the agent candidate, the exchanges'
// requests and replies) are given out only through the diagnosis that names them, so the route
// cannot be used to read other runs' blobs by guessing hashes.
import type { DiagnosisView } from '../trace/diagnosis';
import type { ExperimentView } from '../contracts/interventionTypes';
import { pool } from './client';
import { getDiagnosis } from './diagnoses';
import { getExperiment, listCalls } from './experiments';
import type { StoredCall } from '../contracts/interventionTypes';

export interface DiagnosisDetail {
  diagnosis: DiagnosisView;
  experiment: ExperimentView | null;
  calls: StoredCall[];
}

export async function getDiagnosisDetail(runId: string, id: string): Promise<DiagnosisDetail | null> {
  const diagnosis = await getDiagnosis(runId, id);
  if (!diagnosis) return null;
  const experiment = diagnosis.experimentId ? await getExperiment(runId, diagnosis.experimentId) : null;
  const calls = experiment ? await listCalls(experiment.id, { logs: true }) : [];
  return { diagnosis, experiment, calls };
}

/** The blob's text when this diagnosis of this run names `sha` (its script, its candidate, its calls' texts); null otherwise. */
export async function diagnosisBlob(runId: string, diagnosisId: string, sha: string): Promise<string | null> {
  const { rows } = await pool().query<{ content: string }>(
    `SELECT b.content FROM blobs b
     WHERE b.sha256 = $3 AND EXISTS (
       SELECT 1 FROM diagnoses d WHERE d.id = $2 AND d.run_id = $1 AND (
         d.aux_script_sha = $3 OR d.agent_candidate_sha = $3
         OR EXISTS (SELECT 1 FROM experiment_calls c WHERE c.experiment_id = d.experiment_id
                    AND $3 IN (c.source_sha, c.request_sha, c.response_sha))))`,
    [runId, diagnosisId, sha],
  );
  return rows[0]?.content ?? null;
}
