// One import, from whatever the user handed over to stored runs: an archive is unpacked
// (safely, lib/files) into a temporary folder, the runs in it are read (lib/importers) and
// stored in one transaction (lib/db), and their analyses are queued. Used by the CLI and by
// the worker's import task, so both behave the same on good and on hostile input.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DuplicatePolicy } from '../../db/duplicateRuns';
import { storeImportedRuns } from '../../db/importRun';
import { timed } from '../../db/importTimings';
import { detectArchive, extractArchive, type ArchiveLimits } from '../../files/extractArchive';
import { claimedArchiveFormat, notAnArchiveError } from '../../files/archiveName';
import { InputError } from '../../files/errors';
import { readRunsFromPath } from '../../importers';
import { detectFormat } from '../../importers/detect';
import { enqueueRunAnalyses } from '../../db/jobQueue';
import type { StoredRunSummary } from '../../db/storedRunsOfImport';
import { ImportError, type ImportedRun } from '../../trace/schema';
import { makeWorkDir } from '../../storage/workDir';
import { attachFoundEvaluators } from './archiveEvaluator';
import { relabelSourcePath } from './sourceLabel';

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
  /**
   * The import_jobs row the runs belong to (an upload; its runs are stored at most once, see
   * storeImportedRuns); without it a 'path' job is recorded.
   */
  importJobId?: string;
  /** Where to unpack archives (default: <data dir>/tmp, see lib/storage/workDir.ts). */
  workDir?: string;
  /**
   * What the user calls the input (the uploaded file's name; default: the path as given). Every
   * message names the input by it, never by the folder it was stored or unpacked in.
   */
  label?: string;
  /**
   * What the stored runs name as their source, given a run's path inside what was imported
   * ('' for its top). Default: the input path itself for an archive (not the temporary folder
   * it is unpacked into); the paths the importers record for a folder.
   */
  sourceLabel?: (rel: string) => string;
  /**
   * A name for a run that the importer named after the top folder of the input (the browser
   * upload's own folder name instead of the server's folder that holds the files).
   */
  rootName?: string;
  /** Read only what the analyses need (no prompts, artifacts or duplicate sources): `analyze`. */
  forAnalysis?: boolean;
  /**
   * 'refuse': an input whose programs are those of a stored run stores nothing and throws
   * DuplicateRunError naming that run (the upload and the CLI ask for it unless the user said
   * "import again"). Default 'store'.
   */
  duplicates?: DuplicatePolicy;
}

/** Errors that describe the user's input: shown to them as they are, never retried. */
export function isInputProblem(e: unknown): e is Error {
  return e instanceof ImportError || e instanceof InputError;
}

/**
 * What the person who uploaded `sourceName` is told about a failure: an input problem as it is
 * (it names their file and entry); anything else, whose message may carry an errno code and a
 * server path (ENOTDIR: not a directory, stat '/srv/.evoscope/uploads/…'), only as an internal
 * error. The full error goes to the log.
 */
export function messageForUser(e: unknown, sourceName: string): string {
  return isInputProblem(e) ? e.message : `internal error while importing ${sourceName} (details in the worker log)`;
}

export async function importFromPath(input: string, req: ImportRequest = {}): Promise<StoredRunSummary[]> {
  // Streamed: importers that can return light programs and the writer reads the full ones a
  // batch at a time, so the input (an unpacked archive too) must stay until they are stored.
  const stored = await withRunsFromInput(input, { ...req, streamPrograms: true }, async (runs) => {
    const programsTotal = runs.reduce((s, r) => s + r.programs.length, 0);
    req.onProgress?.({ phase: 'storing', programsStored: 0, programsTotal });
    return storeImportedRuns(runs, {
      importJobId: req.importJobId,
      sourceName: path.basename(req.label ?? input),
      duplicates: req.duplicates,
      onProgress: (programsStored) => req.onProgress?.({ phase: 'storing', programsStored, programsTotal }),
    });
  });
  const programsTotal = stored.reduce((s, r) => s + r.programs, 0);
  for (const s of stored) await enqueueRunAnalyses(s.runId);
  req.onProgress?.({ phase: 'done', programsStored: programsTotal, programsTotal });
  return stored;
}

/**
 * The runs in a folder, a run file, or an archive (unpacked safely into a temporary folder that
 * is removed before returning). What `import` stores and what `analyze` analyses, read the same
 * way; no database involved.
 */
export async function readRunsFromInput(input: string, req: ImportRequest = {}): Promise<ImportedRun[]> {
  return withRunsFromInput(input, req, async (runs) => runs);
}

/** The runs of `input` given to `use` while the files they were read from still exist. */
async function withRunsFromInput<T>(
  input: string,
  req: ImportRequest & { streamPrograms?: boolean },
  use: (runs: ImportedRun[]) => Promise<T>,
): Promise<T> {
  const label = req.label ?? input;
  const st = await fsp.stat(input).catch(() => null);
  if (!st) throw new ImportError(`no such file or directory: ${label}`);
  let root = input;
  let shownAs = label;
  let tmp: string | null = null;
  try {
    let archive = st.isFile() ? await detectArchive(input) : null;
    // A gzip-compressed run file that is no tar (OpenEvolve's evolution_trace.jsonl.gz): read as
    // it is when a format takes it; any other plain .gz is still refused by extractArchive.
    const gzippedRunFile = archive === 'gzip' && (await detectFormat(input)) != null;
    if (gzippedRunFile) archive = null;
    if (st.isFile() && !archive && !gzippedRunFile) {
      // Named like an archive, but its bytes are not one: say so now (not after every layout
      // detector has probed it as a folder).
      const claimed = claimedArchiveFormat(label);
      if (claimed) throw await notAnArchiveError(input, path.basename(label), claimed);
    }
    if (archive) {
      shownAs = path.basename(label);
      tmp = await makeWorkDir('import', req.workDir);
      // Named after the archive, so a run at the archive's top level is named after it too.
      root = path.join(tmp, archiveStem(input));
      req.onProgress?.({ phase: 'extracting', entries: 0, bytes: 0 });
      await extractArchive(input, root, {
        limits: req.limits,
        onProgress: (p) => req.onProgress?.({ phase: 'extracting', entries: p.entries, bytes: p.bytes }),
      });
    }
    req.onProgress?.({ phase: 'reading', filesRead: 0 });
    const runs = await timed('first pass (read light records)', () => readRunsFromPath(root, {
      label: shownAs,
      format: req.format,
      name: req.name,
      forAnalysis: req.forAnalysis,
      streamPrograms: req.streamPrograms,
      onFileRead: (filesRead) => req.onProgress?.({ phase: 'reading', filesRead }),
    }));
    if (!req.forAnalysis) attachFoundEvaluators(runs, root);
    const sourceOf = req.sourceLabel ?? (tmp ? (rel: string) => (rel ? `${path.resolve(input)}/${rel}` : path.resolve(input)) : null);
    for (const r of runs) {
      if (req.rootName && !req.name && r.run.name === path.basename(root)) r.run.name = req.rootName;
      if (sourceOf) r.run.sourcePath = relabelSourcePath(r.run.sourcePath, root, sourceOf);
    }
    return await use(runs);
  } catch (e) {
    throw isInputProblem(e) ? withoutPath(e, root, shownAs) : e;
  } finally {
    if (tmp) await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The error with the folder we read from (an upload or a temporary unpack folder, which mean
 * nothing to the user) replaced by the input's name: a safety net under the importers' messages.
 */
function withoutPath<E extends Error>(e: E, root: string, label: string): E {
  const abs = path.resolve(root);
  if (abs !== label && e.message.includes(abs)) e.message = e.message.split(abs).join(label);
  return e;
}

/** "run-42.tar.gz" -> "run-42": an archive's name is a better run name than a temp folder's. */
function archiveStem(file: string) {
  return path.basename(file).replace(/\.(zip|tgz|tar\.gz|tar)$/i, '') || path.basename(file);
}

