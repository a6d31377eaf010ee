// Entry point of the importers: a path (and optionally a format) -> ImportedRuns. Pure
// reading; the caller stores the runs (lib/db/importRun.ts).
import fs from 'node:fs';
import { ImportError, type ImportedRun } from '../trace/schema';
import { detectFormat, importerFor, importFormats } from './detect';

export { importFormats } from './detect';

export async function readRunsFromPath(
  path: string,
  opts: { format?: string; name?: string; onFileRead?: (filesRead: number) => void } = {},
): Promise<ImportedRun[]> {
  if (!fs.existsSync(path)) throw new ImportError(`no such file or directory: ${path}`);
  const known = importFormats.map((f) => f.format).join(', ');
  let importer;
  if (opts.format && opts.format !== 'auto') {
    importer = importerFor(opts.format);
    if (!importer) throw new ImportError(`unknown format '${opts.format}' (known: auto, ${known})`);
    if (!(await importer.detect(path))) throw new ImportError(`${path} does not look like a ${opts.format} layout`);
  } else {
    importer = await detectFormat(path);
    if (!importer) throw new ImportError(`unknown layout at ${path}: it matches none of the known formats (${known})`);
  }
  const runs = await importer.read(path, { name: opts.name, onFileRead: opts.onFileRead });
  if (opts.name && runs.length > 1) runs.forEach((r, i) => (r.run.name = `${opts.name} (${i + 1})`));
  return runs;
}
