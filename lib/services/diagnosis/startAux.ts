// Starting an 'aux' experiment on a diagnosis (POST .../diagnoses/:id/aux, and the diagnose job
// when its agent wrote a script): checks the diagnosis and its script, and names the program the
// experiment row hangs on (the diagnosed program; the run's best when the diagnosis names none).
import { auxParamsSchema } from '../../trace/diagnosis';
import type { ExperimentView } from '../../contracts/interventionTypes';
import { pool } from '../../db/client';
import { getDiagnosis } from '../../db/diagnoses';
import { createExperiment, ExperimentInputError } from '../../db/experiments';

export interface StartAuxInput {
  runId: string;
  diagnosisId: string;
  timeoutSeconds?: number;
  createdBy?: string | null;
}

/** Stores the experiment (queued). ExperimentInputError 404, or 409 (no script; NO_EVALUATOR: nothing stored) otherwise. */
export async function startAuxExperiment(input: StartAuxInput): Promise<ExperimentView> {
  const d = await getDiagnosis(input.runId, input.diagnosisId);
  if (!d) throw new ExperimentInputError(404, `diagnosis ${input.diagnosisId} is not in run ${input.runId}`);
  if (!d.auxScriptSha) throw new ExperimentInputError(409, `the diagnosis at generation ${d.triggerGeneration} has no auxiliary_metrics.py to run`);
  let programId = d.programId;
  if (!programId) {
    const { rows } = await pool().query<{ id: string }>(
      `SELECT p.id FROM programs p JOIN runs r ON r.id = p.run_id WHERE p.run_id = $1
       ORDER BY CASE WHEN r.higher_is_better THEN -p.score ELSE p.score END NULLS LAST, p.seq LIMIT 1`,
      [input.runId],
    );
    if (!rows[0]) throw new ExperimentInputError(409, 'the run has no programs to run auxiliary_metrics.py on');
    programId = rows[0].id;
  }
  const params = auxParamsSchema.parse({ diagnosisId: d.id, timeoutSeconds: input.timeoutSeconds });
  return createExperiment({ runId: input.runId, programId, params: { kind: 'aux', ...params }, createdBy: input.createdBy ?? null });
}
