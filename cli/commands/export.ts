// `evoscope export <runId> --format evotrace --out DIR [--json]`: writes a stored run as an
// EvoTrace refined layout (lib/db/exportRun.ts), readable by EvoReplay and by `import`.
// The exporter is loaded when the command runs, not with the argument check.
import type { ExportResult } from '../../lib/db/exportRun';
import { parseArgs, UsageError } from '../args';

export interface ExportArgs {
  runId: string;
  format: string;
  out: string;
  json: boolean;
}

const EXPORT_FORMATS = ['evotrace'];

export function parseExportArgs(args: string[]): ExportArgs {
  const a = parseArgs(args, { values: ['format', 'out'], switches: ['json'], positional: 'run' });
  if (!a.positional) throw new UsageError('export needs a <runId>');
  if (!a.values.out) throw new UsageError('export needs --out DIR');
  const format = a.values.format ?? 'evotrace';
  if (!EXPORT_FORMATS.includes(format)) throw new UsageError(`unknown export format '${format}' (known: ${EXPORT_FORMATS.join(', ')})`);
  return { runId: a.positional, format, out: a.values.out, json: a.switches.has('json') };
}

function exportLines(r: ExportResult) {
  const blobs = `${r.blobs.solution} source, ${r.blobs.prompts} prompt and ${r.blobs.replay} replay blobs`;
  return [
    `exported "${r.name}" (${r.runId}) [${r.format}] to ${r.outDir}: ${r.programs} programs, ${r.edges} edges, ` +
      `${r.invalidPrograms} invalid, ${r.prompts} with prompts, ${r.evaluations} evaluations, ${r.islands} islands`,
    `  wrote ${r.files.join(', ')} (${blobs})`,
  ].join('\n');
}

export async function exportCommand(args: ExportArgs, log: (l: string) => void) {
  const { checkOutputDirectory, exportRunToDirectory } = await import('../../lib/db/exportRun');
  const { withDatabase } = await import('../withDatabase');
  checkOutputDirectory(args.out); // before starting a database for nothing
  return withDatabase(log, async () => {
    const t = Date.now();
    const result = await exportRunToDirectory(args.runId, args.out, (n, total) => total >= 5000 && log(`exported ${n}/${total} programs`));
    log(`exported in ${Date.now() - t} ms`);
    process.stdout.write(`${args.json ? JSON.stringify(result) : exportLines(result)}\n`);
  });
}
