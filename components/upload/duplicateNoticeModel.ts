// PREPARE for ImportStatus when an import repeats stored runs (status 'duplicate'): what it says
// and which runs it links. "This is run QOS (1a2b3c4d), imported on 2026-11-28 09:12 UTC from
// archive qos.zip", with "Open it" per stored run, then "Import again" to store it anyway.
import type { DuplicateRun } from '@/lib/contracts/api/imports';
import { describeStoredRun } from '@/lib/contracts/runOrigin';

export interface DuplicateNotice {
  /** The sentence above the runs (null when one run: its own line says it all). */
  lead: string | null;
  runs: { id: string; href: string; text: string }[];
}

export function duplicateNotice(existing: readonly DuplicateRun[]): DuplicateNotice {
  const runs = existing.map((r) => ({ id: r.id, href: `/runs/${r.id}`, text: describeStoredRun(r) }));
  if (runs.length === 1) return { lead: null, runs: [{ ...runs[0], text: `This is ${runs[0].text}.` }] };
  if (runs.length === 0) return { lead: 'Its runs were stored already, and have been deleted since.', runs };
  return { lead: `Its programs are stored already, in ${runs.length} runs:`, runs };
}
