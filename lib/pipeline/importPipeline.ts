// One import, from whatever the user handed over to stored runs: an archive is unpacked
// (safely, lib/files) into a temporary folder, the runs in it are read (lib/importers) and
// stored in one transaction (lib/db), and their analyses are queued. Used by the CLI and by
// the worker's import task, so both behave the same on good and on hostile input.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storeImportedRuns, type StoredRunSummary } from '../db/importRun';
import { detectArchive, extractArchive, type ArchiveLimits } from '../files/extractArchive';
import { InputError } from '../files/errors';
import { readRunsFromPath } from '../importers';
import { enqueueRunAnalyses } from '../jobs/enqueue';
import { ImportError } from '../trace/schema';

export type ImportPhase = 'extracting' | 'reading' | 'storing' | 'done';

export interface ImportProgress {
  phase: ImportPhase;
  /** Archive entries unpacked / bytes unpacked (extracting). */
  entries?: number;
  bytes?: number;
  /** Files read by the importer (reading). */
  filesRead?: number;
  programsStored?: number;
  programsTotal?: number;
}

export interface ImportRequest {
  format?: string;
  name?: string;
  onProgress?: (p: ImportProgress) => void;
  limits?: Partial<ArchiveLimits>;
  /** The import_jobs row the runs belong to (an upload); without it a 'path' job is recorded. */
  importJobId?: string;
  /** Where to unpack archives (default: the OS temp dir). */
  workDir?: string;
}

/** Errors that describe the user's input: shown to them as they are, never retried. */
export function isInputProblem(e: unknown): e is Error {
  return e instanceof ImportError || e instanceof InputError;
}

export async function importFromPath(input: string, req: ImportRequest = {}): Promise<StoredRunSummary[]> {
  const st = await fsp.stat(input).catch(() => null);
  if (!st) throw new ImportError(`no such file or directory: ${input}`);
  let root = input;
  let tmp: string | null = null;
  try {
    if (st.isFile() && (await detectArchive(input))) {
      tmp = await fsp.mkdtemp(path.join(req.workDir ?? os.tmpdir(), 'evoscope-import-'));
      // Named after the archive, so a run at the archive's top level is named after it too.
      root = path.join(tmp, archiveStem(input));
      req.onProgress?.({ phase: 'extracting', entries: 0, bytes: 0 });
      await extractArchive(input, root, {
        limits: req.limits,
        onProgress: (p) => req.onProgress?.({ phase: 'extracting', entries: p.entries, bytes: p.bytes }),
      });
    }
    req.onProgress?.({ phase: 'reading', filesRead: 0 });
    const runs = await readRunsFromPath(root, {
      format: req.format,
      name: req.name,
      onFileRead: (filesRead) => req.onProgress?.({ phase: 'reading', filesRead }),
    });
    const programsTotal = runs.reduce((s, r) => s + r.programs.length, 0);
    req.onProgress?.({ phase: 'storing', programsStored: 0, programsTotal });
    const stored = await storeImportedRuns(runs, {
      importJobId: req.importJobId,
      sourceName: path.basename(input),
      onProgress: (programsStored) => req.onProgress?.({ phase: 'storing', programsStored, programsTotal }),
    });
    for (const s of stored) await enqueueRunAnalyses(s.runId);
    req.onProgress?.({ phase: 'done', programsStored: programsTotal, programsTotal });
    return stored;
  } finally {
    if (tmp) await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** "run-42.tar.gz" -> "run-42": an archive's name is a better run name than a temp folder's. */
function archiveStem(file: string) {
  return path.basename(file).replace(/\.(zip|tgz|tar\.gz|tar)$/i, '') || path.basename(file);
}

