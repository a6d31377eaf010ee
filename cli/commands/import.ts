// `evoscope import <dir|archive|file> [--name NAME] [--format auto|FORMAT] [--again] [--json]`:
// stores the run(s) found there, in one transaction, through the same pipeline as an upload. With
// --json, stdout gets one JSON object per imported run, one per line.
// An input whose programs are those of a stored run is refused (exit 1, nothing stored), naming
// that run, its import date and source; --again stores it anyway. With --json the refusal is one
// JSON object on stdout: { duplicate: true, existing: [{ id, name, importedAt, programs, origin }], message }.
// The pipeline is loaded when the command runs, not with the argument check.
import type { DuplicateRun } from '../../lib/contracts/api/imports';
import type { StoredRunSummary } from '../../lib/db/storedRunsOfImport';
import { parseArgs, UsageError } from '../args';

export interface ImportArgs {
  path: string;
  name?: string;
  format: string;
  json: boolean;
  /** Store it even when its runs are stored already. */
  again: boolean;
}

export function parseImportArgs(args: string[]): ImportArgs {
  const a = parseArgs(args, { values: ['name', 'format'], switches: ['json', 'again'], positional: 'path' });
  if (!a.positional) throw new UsageError('import needs a <path>');
  return { path: a.positional, name: a.values.name, format: a.values.format ?? 'auto', json: a.switches.has('json'), again: a.switches.has('again') };
}

function humanLine(s: StoredRunSummary) {
  const port = process.env.PORT || '3000';
  const best = s.bestScore == null ? 'no valid score' : `best ${s.bestScore.toPrecision(4)} (${s.bestProgramExternalId})`;
  return (
    `imported "${s.name}" [${s.format}]: ${s.programs} programs, ${s.edges} edges, ${s.invalidPrograms} invalid, ` +
    `${s.prompts} with prompts, ${s.islands} islands, ${best}\n  http://localhost:${port}/runs/${s.runId}`
  );
}

/** An import of runs stored already: says which, and how to store it anyway; exit code 1. */
function refuseDuplicate(args: ImportArgs, existing: DuplicateRun[], message: string, log: (l: string) => void) {
  const again = `evoscope import ${args.path} --again`;
  log(`not imported: ${message}. Nothing was stored. To store it anyway as a new run: ${again}`);
  for (const r of existing) log(`  ${r.name}: http://localhost:${process.env.PORT || '3000'}/runs/${r.id}`);
  if (args.json) process.stdout.write(`${JSON.stringify({ duplicate: true, existing, message })}\n`);
  process.exitCode = 1;
}

export async function importCommand(args: ImportArgs, log: (l: string) => void) {
  // A folder, or an archive unpacked safely to a temporary folder; all runs found are stored in
  // one transaction (lib/services/import/importPipeline.ts, the same path the upload worker takes).
  const { importFromPath } = await import('../../lib/services/import/importPipeline');
  const { DuplicateRunError } = await import('../../lib/db/duplicateRuns');
  const { withDatabase } = await import('../withDatabase');
  const started = Date.now();
  let lastLog = 0;
  return withDatabase(log, async () => {
    const stored = await importFromPath(args.path, {
      format: args.format,
      name: args.name,
      duplicates: args.again ? 'store' : 'refuse',
      onProgress: (p) => {
        if (Date.now() - lastLog < 1000 && p.phase !== 'done') return;
        lastLog = Date.now();
        if (p.phase === 'extracting') log(`unpacking: ${p.entries} entries`);
        else if (p.phase === 'reading') log(`reading: ${p.filesRead} files`);
        else if (p.phase === 'storing') log(`storing: ${p.programsStored}/${p.programsTotal} programs`);
      },
    }).catch((e: unknown) => {
      if (!(e instanceof DuplicateRunError)) throw e;
      refuseDuplicate(args, e.existing, e.message, log);
      return null;
    });
    if (!stored) return;
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
