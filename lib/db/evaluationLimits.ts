// The owner's maxima of what an evaluation may ask (setting 'evaluation.limits'; pure rules in
// lib/sandbox/evaluators/limits.ts). Each is null when unset: the default then applies.
import type { EvaluationLimits } from '../contracts/api/evaluations';
import { getSetting, setSetting } from './settings';

export const LIMITS_SETTING = 'evaluation.limits';

const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);

export async function storedEvaluationLimits(): Promise<EvaluationLimits> {
  const raw = (await getSetting<Record<string, unknown>>(LIMITS_SETTING)) ?? {};
  return { maxTimeoutSeconds: positiveInt(raw.maxTimeoutSeconds), maxMemoryMb: positiveInt(raw.maxMemoryMb), maxConcurrency: positiveInt(raw.maxConcurrency) };
}

/** Fields left out keep their stored value; null returns one to its default. */
export async function setEvaluationLimits(change: Partial<EvaluationLimits>): Promise<void> {
  const next = { ...(await storedEvaluationLimits()), ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  await setSetting(LIMITS_SETTING, next);
}
