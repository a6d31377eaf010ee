// Browser calls of the diagnosis API (issue 13): the run's diagnoses, a text a diagnosis names,
// starting a diagnosis job and running its aux script. Responses are checked at the boundary for
// the fields the pages read; the full types are lib/trace/diagnosis.ts's.
import { z } from 'zod';
import type { DiagnosisView } from '@/lib/trace/diagnosis';
import type { ExperimentView } from '@/lib/contracts/interventionTypes';
import { fetchPacked } from '@/lib/contracts/wire/fetchPacked';
import { fetchJson, postJson } from '../ui/fetchJson';

const diagnosisSchema = z
  .object({ id: z.string(), runId: z.string(), origin: z.enum(['imported', 'evoscope']), triggerGeneration: z.number(), report: z.object({ verdict: z.string() }).passthrough() })
  .passthrough()
  .transform((x) => x as unknown as DiagnosisView);
const listSchema = z.object({ diagnoses: z.array(diagnosisSchema) });
const sourceSchema = z.object({ sha: z.string(), source: z.string() });
const experimentSchema = z.object({ experiment: z.object({ id: z.string(), status: z.string() }).passthrough().transform((x) => x as unknown as ExperimentView) });

const base = (runId: string) => `/api/runs/${runId}/diagnoses`;

export const listDiagnoses = (runId: string, signal?: AbortSignal) => fetchJson(base(runId), listSchema, signal);
export const getDiagnosisSource = (runId: string, diagnosisId: string, sha: string) =>
  fetchJson(`${base(runId)}/${diagnosisId}/source?sha=${encodeURIComponent(sha)}`, sourceSchema);

export interface DiagnoseRequest {
  atGeneration?: number;
  k?: number;
  maxToolCalls?: number;
  maxTokens?: number;
  auxMetrics?: boolean;
  agentCandidate?: boolean;
}
/** POST /api/runs/:runId/diagnoses: queues a 'diagnose' experiment. */
export const startDiagnosis = async (runId: string, body: DiagnoseRequest) => experimentSchema.parse(await postJson(base(runId), body)).experiment;
/** POST .../diagnoses/:id/aux: runs the diagnosis's auxiliary_metrics.py over the run's programs. */
export const startAuxRun = async (runId: string, diagnosisId: string) => experimentSchema.parse(await postJson(`${base(runId)}/${diagnosisId}/aux`, {})).experiment;

const plateausSchema = z.object({ k: z.number(), plateaus: z.array(z.object({ startGeneration: z.number(), endGeneration: z.number(), open: z.boolean() }).passthrough()) });
/** GET /api/runs/:runId/plateaus?k= (the plateaus of the best-so-far curve). */
export const getPlateaus = (runId: string, k: number, signal?: AbortSignal) => fetchPacked(`/api/runs/${runId}/plateaus?k=${k}`, plateausSchema, signal);
