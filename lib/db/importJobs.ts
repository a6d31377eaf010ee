// Import jobs (table import_jobs): created by the upload routes, advanced by the worker's
// import-upload task, polled by the upload page.
import { z } from 'zod';
import { pool, prisma } from './client';
import { inTransaction } from './rows';
import { duplicateRunSchema, importJobStatus, type DuplicateRun, type ImportJobView } from '../contracts/api/imports';
import { duplicateRunsByIds } from './duplicateRuns';

export async function createImportJob(input: { kind: 'archive' | 'folder'; sourceName: string; format: string; runName?: string | null }) {
  return prisma().importJob.create({
    data: { kind: input.kind, sourceName: input.sourceName, format: input.format, runName: input.runName ?? null },
  });
}

export async function getImportJob(id: string) {
  return prisma().importJob.findUnique({ where: { id } });
}

export async function updateImportJob(id: string, data: Parameters<ReturnType<typeof prisma>['importJob']['update']>[0]['data']) {
  await prisma().importJob.update({ where: { id }, data });
}

/**
 * Takes `bytes` from the import's upload budget (bytes_received counts bytes reserved by uploads
 * in flight, then kept). One conditional UPDATE, so parallel uploads share the budget: 'full'
 * when it would pass `max`, 'closed' when the import no longer accepts files.
 */
export async function reserveUploadBytes(id: string, bytes: number, max: number): Promise<'ok' | 'full' | 'closed'> {
  // READ COMMITTED re-checks the WHERE on the newest row version when another upload of the
  // import updated it meanwhile: the check and the increment are one atomic step.
  const { rowCount } = await pool().query(
    `UPDATE import_jobs SET bytes_received = bytes_received + $2::bigint, updated_at = now()
     WHERE id = $1 AND status = 'uploading' AND bytes_received + $2::bigint <= $3::bigint`,
    [id, bytes, max],
  );
  if (rowCount) return 'ok';
  const { rows } = await pool().query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [id]);
  return rows[0]?.status === 'uploading' ? 'full' : 'closed';
}

/** Gives back reserved bytes that were not kept (a failed or repeated upload). */
export async function releaseUploadBytes(id: string, bytes: number) {
  if (bytes <= 0) return;
  await pool().query('UPDATE import_jobs SET bytes_received = greatest(bytes_received - $2::bigint, 0) WHERE id = $1', [id, bytes]);
}

/**
 * Puts an uploaded file in place while the import is locked in state `uploading`, and counts it
 * in the same transaction. `place` returns true when it added a file, false when an identical
 * one was there. The start route changes the status under the same row lock, so an import is
 * queued either before a file lands (which is then refused: 'closed') or after it is counted.
 */
export async function placeUploadedFile(id: string, place: () => Promise<boolean>): Promise<'added' | 'exists' | 'closed'> {
  return inTransaction(async (c) => {
    const { rows } = await c.query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1 FOR NO KEY UPDATE', [id]);
    if (rows[0]?.status !== 'uploading') return 'closed';
    if (!(await place())) return 'exists';
    await c.query('UPDATE import_jobs SET files_received = files_received + 1, updated_at = now() WHERE id = $1', [id]);
    return 'added';
  });
}

/**
 * placeUploadedFile for a batch of files (PUT .../batch): `place` links them all and returns how
 * many it added; they are counted in the same transaction, under the same row lock.
 */
export async function placeUploadedFiles(id: string, place: () => Promise<number>): Promise<'added' | 'closed'> {
  return inTransaction(async (c) => {
    const { rows } = await c.query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1 FOR NO KEY UPDATE', [id]);
    if (rows[0]?.status !== 'uploading') return 'closed';
    const added = await place();
    if (added) await c.query('UPDATE import_jobs SET files_received = files_received + $2, updated_at = now() WHERE id = $1', [id, added]);
    return 'added';
  });
}

/** uploading -> queued, atomically: 'queued', else 'empty' (no file yet) or the status found; null: no such import. */
export async function markQueued(id: string): Promise<string | null> {
  const { rows } = await pool().query<{ status: string; files: number; queued: boolean }>(
    `WITH u AS (UPDATE import_jobs SET status = 'queued', phase = 'queued', updated_at = now()
                WHERE id = $1 AND status = 'uploading' AND files_received > 0 RETURNING 1)
     SELECT status, files_received AS files, EXISTS (SELECT 1 FROM u) AS queued FROM import_jobs WHERE id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  if (rows[0].queued) return 'queued';
  return rows[0].status === 'uploading' && rows[0].files === 0 ? 'empty' : rows[0].status;
}

/** What a 'duplicate' import keeps in `results`: the stored runs it repeats, as found then. */
const duplicateResults = z.object({ duplicateOf: z.array(duplicateRunSchema) });

/**
 * An import found to repeat stored runs: it waits for the user (status 'duplicate'), its upload
 * kept, naming the runs in `results`.
 */
export async function markDuplicate(id: string, existing: DuplicateRun[]) {
  await updateImportJob(id, { status: 'duplicate', phase: 'duplicate', results: { duplicateOf: existing }, finishedAt: new Date() });
}

/**
 * duplicate -> queued, to be stored although it repeats stored runs ("Import again"), atomically:
 * 'again' when this call queued it, else the status found; null: no such import.
 */
export async function markImportAgain(id: string): Promise<string | null> {
  const { rows } = await pool().query<{ status: string; queued: boolean }>(
    `WITH u AS (UPDATE import_jobs SET status = 'queued', phase = 'queued', allow_duplicate = true, results = NULL,
                  finished_at = NULL, error = NULL, updated_at = now()
                WHERE id = $1 AND status = 'duplicate' RETURNING 1)
     SELECT status, EXISTS (SELECT 1 FROM u) AS queued FROM import_jobs WHERE id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  return rows[0].queued ? 'again' : rows[0].status;
}

export async function importJobView(id: string): Promise<ImportJobView | null> {
  const j = await getImportJob(id);
  if (!j) return null;
  const runs = j.runIds.length
    ? await prisma().run.findMany({ where: { id: { in: j.runIds } }, select: { id: true, name: true, programCount: true } })
    : [];
  // Read again, not from the snapshot: a run renamed or deleted since is shown as it is now.
  const named = j.status === 'duplicate' ? duplicateResults.safeParse(j.results) : null;
  const duplicateOf = named?.success ? await duplicateRunsByIds(named.data.duplicateOf.map((r) => r.id)) : [];
  return {
    id: j.id,
    kind: j.kind,
    status: importJobStatus.parse(j.status),
    sourceName: j.sourceName,
    format: j.format,
    runName: j.runName,
    phase: j.phase,
    bytesReceived: Number(j.bytesReceived),
    filesReceived: j.filesReceived,
    filesRead: j.filesRead,
    programsStored: j.programsStored,
    programsTotal: j.programsTotal,
    error: j.error,
    runs: runs.map((r) => ({ id: r.id, name: r.name, programs: r.programCount })),
    duplicateOf,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}
