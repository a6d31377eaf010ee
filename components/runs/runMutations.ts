// Rename, retag and delete from the runs list: same-origin JSON requests to /api/runs/[runId],
// validated with the schemas the routes use.
import { runDeletedSchema, runSummarySchema, type RunPatch } from '@/lib/contracts/api/runs';

async function send(url: string, method: 'PATCH' | 'DELETE', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    throw new Error(json && typeof json === 'object' && 'error' in json ? String(json.error) : `${res.status} ${res.statusText}`);
  }
  return json;
}

export async function patchRun(runId: string, patch: RunPatch) {
  return runSummarySchema.parse(await send(`/api/runs/${runId}`, 'PATCH', patch));
}

export async function deleteRunRequest(runId: string) {
  return runDeletedSchema.parse(await send(`/api/runs/${runId}`, 'DELETE'));
}

/** "a, b ,, c" -> ["a", "b", "c"]: how the tags box reads what was typed. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}
