// Browser calls of the diagnosis API (issue 13): the run's diagnoses, a text a diagnosis names,
// starting a diagnosis job and running its aux script. Responses are checked at the boundary for
// the fields the pages read; the full types are lib/trace/diagnosis.ts's.
import { z } from 'zod';
import type { DiagnosisView } from '@/lib/trace/diagnosis';
import type { ExperimentView } from '@/lib/contracts/interventionTypes';
import { apiFetch } from '../ui/apiFetch';

const diagnosisSchema = z
  .object({ id: z.string(), runId: z.string(), origin: z.enum(['imported', 'evoscope']), triggerGeneration: z.number(), report: z.object({ verdict: z.string() }).passthrough() })
  .passthrough()
  .transform((x) => x as unknown as DiagnosisView);
const listSchema = z.object({ diagnoses: z.array(diagnosisSchema) });
const sourceSchema = z.object({ sha: z.string(), source: z.string() });
const experimentSchema = z.object({ experiment: z.object({ id: z.string(), status: z.string() }).passthrough().transform((x) => x as unknown as ExperimentView) });

const base = (runId: string) => `/api/runs/${runId}/diagnoses`;

export const listDiagnoses = (runId: string, signal?: AbortSignal) => apiFetch(base(runId), { schema: listSchema, signal });
export const getDiagnosisSource = (runId: string, diagnosisId: string, sha: string) =>
  apiFetch(`${base(runId)}/${diagnosisId}/source?sha=${encodeURIComponent(sha)}`, { schema: sourceSchema });

export interface DiagnoseRequest {
  atGeneration?: number;
  k?: number;
  maxToolCalls?: number;
  maxTokens?: number;
  auxMetrics?: boolean;
  agentCandidate?: boolean;
}
/** POST /api/runs/:runId/diagnoses: queues a 'diagnose' experiment. */
export const startDiagnosis = async (runId: string, body: DiagnoseRequest) => (await apiFetch(base(runId), { method: 'POST', body, schema: experimentSchema })).experiment;
/** POST .../diagnoses/:id/aux: runs the diagnosis's auxiliary_metrics.py over the run's programs. */
export const startAuxRun = async (runId: string, diagnosisId: string) => (await apiFetch(`${base(runId)}/${diagnosisId}/aux`, { method: 'POST', body: {}, schema: experimentSchema })).experiment;

const plateausSchema = z.object({ k: z.number(), plateaus: z.array(z.object({ startGeneration: z.number(), endGeneration: z.number(), open: z.boolean() }).passthrough()) });
/** GET /api/runs/:runId/plateaus?k= (the plateaus of the best-so-far curve). */
export const getPlateaus = (runId: string, k: number, signal?: AbortSignal) => apiFetch(`/api/runs/${runId}/plateaus?k=${k}`, { schema: plateausSchema, packed: true, signal });
