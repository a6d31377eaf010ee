// Rename, retag and delete from the runs list: same-origin JSON requests to /api/runs/[runId],
// validated with the schemas the routes use.
import { runDeletedSchema, runSummarySchema, type RunPatch } from '@/lib/contracts/api/runs';
import { apiFetch } from '../ui/apiFetch';

export const patchRun = (runId: string, patch: RunPatch) => apiFetch(`/api/runs/${runId}`, { method: 'PATCH', body: patch, schema: runSummarySchema });

export const deleteRunRequest = (runId: string) => apiFetch(`/api/runs/${runId}`, { method: 'DELETE', schema: runDeletedSchema });

/** "a, b ,, c" -> ["a", "b", "c"]: how the tags box reads what was typed. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}
