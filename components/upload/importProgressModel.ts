// PREPARE for ImportStatus: what the progress line of a running import says, from the job's
// phase and counters. Each phase shows its own counter (files while reading, programs while
// storing and once done); phases without one show a moving bar, never a stale "Files read: 0".
import type { ImportJobView } from '@/lib/contracts/api/imports';

export interface ImportProgressView {
  /** "Reading files…", or the worker's own words (e.g. "retrying after: …"). */
  text: string;
  bar: { label: string; value: number; max: number | null };
}

const PHASES: Record<string, string> = {
  queued: 'Waiting for the worker',
  running: 'Starting',
  starting: 'Starting',
  extracting: 'Unpacking the archive',
  reading: 'Reading files',
  storing: 'Storing programs',
  done: 'Done',
};

type Job = Pick<ImportJobView, 'status' | 'phase' | 'filesRead' | 'programsStored' | 'programsTotal' | 'filesReceived'>;

export function importProgressView(job: Job): ImportProgressView {
  const phase = job.phase ?? job.status;
  const text = `${PHASES[phase] ?? phase}…`;
  if (phase === 'storing' || phase === 'done') {
    const total = job.programsTotal;
    const stored = phase === 'done' && total !== null ? total : job.programsStored;
    return { text, bar: { label: `Programs stored: ${stored}${total !== null ? ` / ${total}` : ''}`, value: stored, max: total } };
  }
  if (phase === 'reading') return { text, bar: { label: `Files read: ${job.filesRead}`, value: job.filesRead, max: null } };
  if (phase === 'uploading') return { text, bar: { label: `Files received: ${job.filesReceived}`, value: job.filesReceived, max: null } };
  return { text, bar: { label: PHASES[phase] ?? phase, value: 0, max: null } };
}
