// Entry point of the importers: a path (and optionally a format) -> ImportedRuns. Pure
// reading; the caller stores the runs (lib/db/importRun.ts). The path may hold several runs
// at any depth (lib/importers/discover.ts finds them); each is read and named after its folder.
import fs from 'node:fs';
import path from 'node:path';
import { ImportError, type ImportedRun } from '../trace/schema';
import { importerFor, importFormats } from './detect';
import { discoverRuns } from './discover';

export { importFormats } from './detect';

/** The same error, its file named relative to the upload root instead of the run root. */
function underRun(e: unknown, rel: string): unknown {
  if (!(e instanceof ImportError) || rel === '.') return e;
  if (!e.file) return new ImportError(`${rel}: ${e.message}`);
  const prefix = `${e.file}${e.line ? `:${e.line}` : ''}: `;
  const detail = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return new ImportError(detail, path.posix.join(rel, e.file), e.line);
}

export async function readRunsFromPath(
  root: string,
  opts: {
    format?: string;
    name?: string;
    onFileRead?: (filesRead: number) => void;
    forAnalysis?: boolean;
    label?: string;
    /** Light programs + loadPrograms where the importer can (ReadOptions.streamPrograms). */
    streamPrograms?: boolean;
  } = {},
): Promise<ImportedRun[]> {
  // How messages name the input: an upload's own name rather than the folder it is stored in.
  const label = opts.label ?? root;
  if (!fs.existsSync(root)) throw new ImportError(`no such file or directory: ${label}`);
  const known = importFormats.map((f) => f.format).join(', ');
  const format = opts.format && opts.format !== 'auto' ? opts.format : undefined;
  if (format && !importerFor(format)) throw new ImportError(`unknown format '${format}' (known: auto, ${known})`);
  const found = await discoverRuns(root, { format, label });
  if (!found.length) {
    throw new ImportError(
      format
        ? `${label} does not look like a ${format} layout (nor does any folder below it)`
        : `unknown layout at ${label}: neither it nor any folder below it matches any of the known formats (${known})`,
    );
  }

  const base = path.resolve(root);
  const runs: ImportedRun[] = [];
  const relOf = new Map<ImportedRun, string>();
  let filesBefore = 0;
  for (const f of found) {
    const rel = path.relative(base, f.path).split(path.sep).join('/') || '.';
    let filesHere = 0;
    let got: ImportedRun[];
    try {
      got = await f.format.read(f.path, {
        name: opts.name && found.length === 1 ? opts.name : undefined,
        forAnalysis: opts.forAnalysis,
        streamPrograms: opts.streamPrograms,
        onFileRead: (n) => {
          filesHere = n;
          opts.onFileRead?.(filesBefore + n);
        },
      });
    } catch (e) {
      throw underRun(e, rel);
    }
    filesBefore += filesHere;
    for (const r of got) {
      relOf.set(r, rel);
      const load = r.loadPrograms;
      // Errors of the second read name files as the first read's do.
      if (load) r.loadPrograms = (ids) => load(ids).catch((e) => Promise.reject(underRun(e, rel)));
    }
    if (opts.name && found.length > 1) got.forEach((r) => (r.run.name = `${opts.name} (${rel})`));
    if (opts.name && got.length > 1) got.forEach((r, i) => (r.run.name = `${r.run.name} (${i + 1})`));
    runs.push(...got);
  }
  // Two runs from folders of the same name (x/a, y/a) are told apart by their path.
  const seen = new Map<string, number>();
  for (const r of runs) seen.set(r.run.name, (seen.get(r.run.name) ?? 0) + 1);
  for (const r of runs) if (seen.get(r.run.name)! > 1 && relOf.get(r) !== '.') r.run.name = relOf.get(r)!;
  return runs;
}
