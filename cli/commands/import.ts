// `evoscope import <dir|archive|file> [--name NAME] [--format auto|FORMAT] [--json]`: stores the
// run(s) found there, in one transaction, through the same pipeline as an upload. With --json,
// stdout gets one JSON object per imported run, one per line.
// The pipeline is loaded when the command runs, not with the argument check.
import type { StoredRunSummary } from '../../lib/db/storedRunsOfImport';
import { parseArgs, UsageError } from '../args';

export interface ImportArgs {
  path: string;
  name?: string;
  format: string;
  json: boolean;
}

export function parseImportArgs(args: string[]): ImportArgs {
  const a = parseArgs(args, { values: ['name', 'format'], switches: ['json'], positional: 'path' });
  if (!a.positional) throw new UsageError('import needs a <path>');
  return { path: a.positional, name: a.values.name, format: a.values.format ?? 'auto', json: a.switches.has('json') };
}

function humanLine(s: StoredRunSummary) {
  const port = process.env.PORT || '3000';
  const best = s.bestScore == null ? 'no valid score' : `best ${s.bestScore.toPrecision(4)} (${s.bestProgramExternalId})`;
  return (
    `imported "${s.name}" [${s.format}]: ${s.programs} programs, ${s.edges} edges, ${s.invalidPrograms} invalid, ` +
    `${s.prompts} with prompts, ${s.islands} islands, ${best}\n  http://localhost:${port}/runs/${s.runId}`
  );
}

export async function importCommand(args: ImportArgs, log: (l: string) => void) {
  // A folder, or an archive unpacked safely to a temporary folder; all runs found are stored in
  // one transaction (lib/services/import/importPipeline.ts, the same path the upload worker takes).
  const { importFromPath } = await import('../../lib/services/import/importPipeline');
  const { withDatabase } = await import('../withDatabase');
  const started = Date.now();
  let lastLog = 0;
  return withDatabase(log, async () => {
    const stored = await importFromPath(args.path, {
      format: args.format,
      name: args.name,
      onProgress: (p) => {
        if (Date.now() - lastLog < 1000 && p.phase !== 'done') return;
        lastLog = Date.now();
        if (p.phase === 'extracting') log(`unpacking: ${p.entries} entries`);
        else if (p.phase === 'reading') log(`reading: ${p.filesRead} files`);
        else if (p.phase === 'storing') log(`storing: ${p.programsStored}/${p.programsTotal} programs`);
      },
    });
    log(`imported ${stored.length} run(s) from ${args.path} in ${Date.now() - started} ms`);
    const { audit, CLI_ACTOR } = await import('../../lib/db/audit');
    // The audit log names what was imported, never the machine's folders.
    await audit(CLI_ACTOR, 'import.done', { kind: 'import' }, {
      source: args.path.split(/[\\/]/).filter(Boolean).pop() ?? args.path,
      runs: stored.map((s) => ({ runId: s.runId, name: s.name, programs: s.programs })),
    });
    for (const summary of stored) {
      if (args.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
      else {
        process.stdout.write(`${humanLine(summary)}\n`);
        for (const w of summary.warnings) process.stdout.write(`  warning: ${w.message}${w.file ? ` (${w.file})` : ''}\n`);
      }
    }
  });
}
