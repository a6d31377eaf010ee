// Browser calls of the experiment API (issue 11): start, follow (useExperiment), cancel, resume, list; the knob
// proposal; an experiment's program sources. Responses are checked at the boundary (the fields
// the pages read), the full types being lib/contracts/interventionTypes.ts's.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import type { ExperimentView, KnobProposal, ReplayParams, TuneParams, AblateParams } from '@/lib/contracts/interventionTypes';
import { EXPERIMENT_KINDS, knobSchema } from '@/lib/contracts/interventionTypes';
import { bestSoFarResponseSchema } from '@/lib/contracts/api/points';
import { apiFetch } from '../ui/apiFetch';
import { isActive } from './experimentLabels';


const experimentSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    programId: z.string(),
    kind: z.enum(EXPERIMENT_KINDS),
    status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
    total: z.number(),
    done: z.number(),
    failed: z.number(),
  })
  .passthrough()
  .transform((x) => x as unknown as ExperimentView);

export const callSchema = z
  .object({ idx: z.number(), phase: z.string(), status: z.string(), score: z.number().nullable(), sourceSha: z.string().nullable() })
  .passthrough();
export type CallRow = z.infer<typeof callSchema> & { input?: Record<string, unknown>; facts?: Record<string, unknown> | null };

const detailSchema = z.object({ experiment: experimentSchema, calls: z.array(callSchema) });
export type ExperimentDetail = { experiment: ExperimentView; calls: CallRow[] };
const listSchema = z.object({ items: z.array(experimentSchema), total: z.number() });
const oneSchema = z.object({ experiment: experimentSchema });
const proposalSchema = z
  .object({ language: z.enum(['python', 'cpp']), knobs: z.array(knobSchema), excluded: z.array(z.object({ literal: z.string(), line: z.number(), rule: z.string() })) })
  .passthrough()
  .transform((x) => x as unknown as KnobProposal);


const base = (runId: string) => `/api/runs/${runId}/experiments`;

export type StartRequest =
  | { kind: 'tune'; programId: string; params: Partial<TuneParams> }
  | { kind: 'replay'; programId: string; params: Partial<ReplayParams> }
  | { kind: 'ablate'; programId: string; params: Partial<AblateParams> };

export const startExperiment = async (runId: string, req: StartRequest) => (await apiFetch(base(runId), { method: 'POST', body: req, schema: oneSchema })).experiment;
export const cancelExperiment = async (runId: string, id: string) => (await apiFetch(`${base(runId)}/${id}/cancel`, { method: 'POST', schema: oneSchema })).experiment;
export const resumeExperiment = async (runId: string, id: string) => (await apiFetch(`${base(runId)}/${id}/resume`, { method: 'POST', schema: oneSchema })).experiment;
export const getExperimentDetail = (runId: string, id: string, signal?: AbortSignal) =>
  apiFetch(`${base(runId)}/${id}`, { schema: detailSchema, signal }) as Promise<ExperimentDetail>;

export function listExperiments(runId: string, q: { programId?: string; kind?: string; groupId?: string; limit?: number }, signal?: AbortSignal) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  return apiFetch(`${base(runId)}?${p}`, { schema: listSchema, signal });
}

export const getOfflineKnobs = (runId: string, programId: string, signal?: AbortSignal) =>
  apiFetch(`/api/runs/${runId}/programs/${programId}/knobs`, { schema: proposalSchema, signal });
export const proposeLlmKnobs = async (runId: string, programId: string) =>
  apiFetch(`/api/runs/${runId}/programs/${programId}/knobs`, { method: 'POST', body: { source: 'llm' }, schema: proposalSchema });

const sourceSchema = z.object({ sha: z.string(), source: z.string() });
export const getExperimentSource = (runId: string, id: string, sha: string) =>
  apiFetch(`${base(runId)}/${id}/source?sha=${encodeURIComponent(sha)}`, { schema: sourceSchema });

/** The run's best-so-far events (the curve the tuning ceilings are compared with); { pending } while computed. */
export const getBestSoFar = (runId: string, signal?: AbortSignal) => apiFetch(`/api/runs/${runId}/best-so-far`, { schema: bestSoFarResponseSchema, packed: true, signal });

/** How often a queued or running experiment is asked again. */
export const FOLLOW_MS = 400;

/**
 * An experiment, polled while it is queued or running (a reconnecting database's 503 is retried
 * by the query client's policy); `id` null: nothing yet.
 */
export function useExperiment(runId: string, id: string | null) {
  return useQuery({
    queryKey: ['experiment', runId, id],
    queryFn: ({ signal }) => getExperimentDetail(runId, id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && !isActive(q.state.data.experiment.status)) ? false : FOLLOW_MS),
  });
}

/** Calls `onFinished` once, when the experiment `x` (useExperiment's) is no longer queued or running. */
export function useWhenFinished(x: ExperimentView | undefined, onFinished: (x: ExperimentView) => void) {
  const done = useRef<string | null>(null);
  const call = useRef(onFinished);
  call.current = onFinished;
  useEffect(() => {
    if (!x || isActive(x.status) || done.current === x.id) return;
    done.current = x.id;
    call.current(x);
  }, [x]);
}

const replayTargetsSchema = z.object({
  items: z.array(
    z.object({
      programId: z.string(), externalId: z.string(), iteration: z.number().nullable(), score: z.number().nullable(), bestSoFar: z.boolean(),
      promptKind: z.string().nullable(), replays: z.number(),
    }),
  ),
  total: z.number(),
});
/** Programs of the run with a stored prompt, best-so-far events first. */
export const getReplayTargets = (runId: string, signal?: AbortSignal) => apiFetch(`/api/runs/${runId}/replay-targets?limit=100`, { schema: replayTargetsSchema, signal });
