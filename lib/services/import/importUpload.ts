// The import of a browser upload (worker task `import-upload`): imports what was uploaded (an
// archive or a folder) and reports progress on the import_jobs row as it goes. Bad input (a hostile archive, an unknown layout,
// a truncated file) fails the job once with the reason the user sees; the database keeps
// nothing of it, because the runs are stored in one transaction. Anything else (the database
// restarting, say) is retried; the upload stays on disk until the job has ended either way.
// Safe to run twice: the runs are keyed by the import id, so an attempt that finds them stored
// (its predecessor crashed between the commit and the status update) only finishes the job.
// An upload whose runs are stored already (the same programs, lib/db/duplicateRuns.ts) stores
// nothing: the job waits as 'duplicate', its upload kept, until the user opens the stored run or
// asks to import it again (which sets allow_duplicate and queues the job once more).
import { DuplicateRunError } from '../../db/duplicateRuns';
import { auditImportOutcome } from '../../db/importAudit';
import { markDuplicate, updateImportJob, getImportJob } from '../../db/importJobs';
import { storedRunsOfImport, type StoredRunSummary } from '../../db/storedRunsOfImport';
import { enqueueRunAnalyses } from '../../db/jobQueue';
import { archivePath, folderRoot, removeUpload } from '../../storage/storage';
import { importFromPath, isInputProblem, messageForUser, type ImportProgress } from './importPipeline';
import { uploadLabel } from './sourceLabel';

const PROGRESS_EVERY_MS = 250;

/** What the worker tells the service: its log, and whether this attempt is the job's last. */
export interface ImportAttempt {
  logger: { info(message: string): void; warn(message: string): void };
  lastAttempt: boolean;
}

/** Imports upload `importId`; returns when its job has ended, throws when it should be retried. */
export async function importUpload(importId: string, helpers: ImportAttempt): Promise<void> {
  const job = await getImportJob(importId);
  if (!job || job.status === 'succeeded' || job.status === 'failed' || job.status === 'duplicate') return; // ran already
  const already = await storedRunsOfImport(importId);
  if (already.length) {
    // Analyses are queued by job key, so queueing them again cannot double them.
    for (const s of already) await enqueueRunAnalyses(s.runId);
    await succeed(importId, already);
    helpers.logger.info(`import ${importId}: ${already.length} run(s) were already stored; not imported again`);
    return;
  }
  await updateImportJob(importId, { status: 'running', phase: 'starting', startedAt: new Date(), error: null });

  // Progress goes to the database at most every 250 ms, and never two writes at once.
  let last = 0;
  let writing: Promise<void> = Promise.resolve();
  const report = (p: ImportProgress, force = false) => {
    const now = Date.now();
    if (!force && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    writing = writing.then(() =>
      updateImportJob(importId, {
        phase: p.phase,
        ...(p.filesRead !== undefined ? { filesRead: p.filesRead } : {}),
        ...(p.programsStored !== undefined ? { programsStored: p.programsStored } : {}),
        ...(p.programsTotal !== undefined ? { programsTotal: p.programsTotal } : {}),
      }).catch((e) => helpers.logger.warn(`progress update failed: ${(e as Error).message}`)),
    );
  };

  try {
    const input = job.kind === 'archive' ? archivePath(importId, job.sourceName) : folderRoot(importId);
    const stored = await importFromPath(input, {
      format: job.format,
      name: job.runName ?? undefined,
      importJobId: importId,
      label: job.sourceName,
      // The stored runs name what the user uploaded, never the server's folders.
      sourceLabel: uploadLabel(job.kind === 'archive' ? 'archive' : 'folder', job.sourceName),
      rootName: job.kind === 'archive' ? undefined : job.sourceName,
      duplicates: job.allowDuplicate ? 'store' : 'refuse',
      onProgress: (p) => report(p, p.phase !== 'reading' && p.phase !== 'extracting' && p.programsStored === 0),
    });
    await writing;
    await succeed(importId, stored);
    helpers.logger.info(`import ${importId}: ${stored.length} run(s) stored`);
  } catch (e) {
    await writing;
    if (e instanceof DuplicateRunError) {
      await markDuplicate(importId, e.existing);
      await auditImportOutcome(importId, 'import.duplicate', {
        source: job.sourceName,
        duplicateOf: e.existing.map((r) => ({ runId: r.id, name: r.name })),
      });
      helpers.logger.info(`import ${importId} repeats stored runs (${e.existing.map((r) => r.id).join(', ')}): waiting for the user`);
      return; // the upload stays until the user decides (or staleUploads removes it)
    }
    const { lastAttempt } = helpers;
    // Only input problems are worded for the user; anything else (a disk error with its errno
    // and internal path, a database error) stays in the worker log.
    const shown = messageForUser(e, job.sourceName);
    if (isInputProblem(e) || lastAttempt) {
      await updateImportJob(importId, { status: 'failed', phase: 'failed', error: shown, finishedAt: new Date() });
      await auditImportOutcome(importId, 'import.failed', { source: job.sourceName, error: shown });
      await removeUpload(importId);
      helpers.logger.info(`import ${importId} failed: ${isInputProblem(e) ? e.message : ((e as Error).stack ?? e)}`);
      return; // the failure is recorded where the user looks; nothing to retry
    }
    helpers.logger.warn(`import ${importId} will be retried: ${(e as Error).stack ?? e}`);
    await updateImportJob(importId, { phase: 'retrying after an internal error' });
    throw e;
  }
}

async function succeed(importId: string, stored: StoredRunSummary[]) {
  await updateImportJob(importId, {
    status: 'succeeded',
    phase: 'done',
    runIds: stored.map((s) => s.runId),
    results: JSON.parse(JSON.stringify(stored)),
    programsStored: stored.reduce((s, r) => s + r.programs, 0),
    finishedAt: new Date(),
  });
  const job = await getImportJob(importId);
  await auditImportOutcome(importId, 'import.done', {
    source: job?.sourceName ?? null,
    runs: stored.map((s) => ({ runId: s.runId, name: s.name, programs: s.programs })),
  });
  await removeUpload(importId);
}
