// `evoscope generalization [<runId>] [--json|--csv]`: public vs private re-scoring from the
// command line (paper §5.3, B.7). With a run: its verdict from the chain's first and last
// program, the threshold and where it came from, and each chain step's public and private score.
// Without: the paper's Tables 11-12 over every run with a private re-run, as the /generalization
// page shows them (--csv: Table 11's long form, one line per run, as the page's export).
// Re-scoring itself is `evoscope evaluate <runId> --best-chain --private`.
import { formatScore, formatSigned } from '../../components/ui/format';
import { runParamsSchema } from '../../lib/contracts/api/params';
import { verdictLabel, verdictMatrix, frameworkCounts, verdictsCsv } from '../../lib/analysis/generalizationTables';
import { getRunGeneralization, listRunVerdicts, type RunGeneralization } from '../../lib/db/generalization';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface GeneralizationArgs {
  runId: string | null;
  format: 'text' | 'json' | 'csv';
}

export function parseGeneralizationArgs(args: string[]): GeneralizationArgs {
  const a = parseArgs(args, { values: [], switches: ['json', 'csv'], positional: 'run' });
  if (a.switches.has('json') && a.switches.has('csv')) throw new UsageError('generalization: --json or --csv, not both');
  let runId: string | null = null;
  if (a.positional) {
    const id = runParamsSchema.safeParse({ runId: a.positional.trim().toLowerCase() });
    if (!id.success) throw new UsageError(`generalization: '${a.positional}' is not a run id (a UUID, as the runs list links show)`);
    runId = id.data.runId;
  }
  if (runId && a.switches.has('csv')) throw new UsageError('generalization: --csv is for the tables across runs (no <runId>)');
  return { runId, format: a.switches.has('json') ? 'json' : a.switches.has('csv') ? 'csv' : 'text' };
}


function runJson(g: RunGeneralization) {
  const r = g.result;
  return {
    run: g.run,
    verdict: r.verdict,
    verdictReason: r.verdictReason,
    publicChange: r.publicChange,
    privateChange: r.privateChange,
    threshold: g.threshold,
    overfitSteps: r.overfitSteps,
    privateScoredSteps: r.privateScoredSteps,
    evaluator: g.evaluator,
    batch: g.batch,
    steps: r.steps,
  };
}

function runText(g: RunGeneralization): string {
  const r = g.result;
  const lines = [
    `${g.run.name} (${g.run.framework}${g.run.task ? `, ${g.run.task}` : ''}): ${verdictLabel(r.verdict)}. ${r.verdictReason}`,
    `  public ${formatSigned(r.publicChange)}, private ${formatSigned(r.privateChange)} from the first to the last program of the chain; ` +
      (g.threshold.value === null ? `severe-overfit threshold ${g.threshold.description}` : `severe-overfit threshold ${formatScore(g.threshold.value)} (${g.threshold.description})`),
    `  ${r.overfitSteps} overfitting step(s); ${r.privateScoredSteps} of ${r.steps.length} steps have a private score`,
    '  step  iteration  program                               public       private      overfit',
  ];
  for (const s of r.steps) {
    lines.push(
      `  ${String(s.index + 1).padStart(4)}  ${String(s.iteration).padStart(9)}  ${s.externalId.slice(0, 36).padEnd(36)}  ` +
        `${formatScore(s.public).padStart(11)}  ${(s.private === null ? (s.privateMissing ?? '-') : formatScore(s.private)).padStart(11)}  ${s.overfit ? 'yes' : ''}`,
    );
  }
  return lines.join('\n');
}

/** Exit code 1 when the run does not exist. */
export async function generalizationCommand(args: GeneralizationArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    if (args.runId) {
      const g = await getRunGeneralization(args.runId);
      if (!g) {
        log(`generalization failed: no run ${args.runId}`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(args.format === 'json' ? `${JSON.stringify(runJson(g))}\n` : `${runText(g)}\n`);
      return;
    }
    const runs = await listRunVerdicts();
    if (args.format === 'csv') {
      process.stdout.write(verdictsCsv(runs));
      return;
    }
    const table12 = frameworkCounts(runs);
    if (args.format === 'json') {
      process.stdout.write(`${JSON.stringify({ runs, table11: verdictMatrix(runs), table12 })}\n`);
      return;
    }
    if (runs.length === 0) {
      process.stdout.write('no run has a private re-run yet: `evoscope evaluate <runId> --best-chain --private`\n');
      return;
    }
    const lines = ['Table 11 (per run): task, framework, run, verdict, public and private change'];
    for (const r of runs) {
      lines.push(`  ${(r.task ?? '(no task)').padEnd(20)} ${r.framework.padEnd(14)} ${r.name.slice(0, 40).padEnd(40)} ${verdictLabel(r.verdict).padEnd(16)} public ${formatSigned(r.publicChange)}, private ${formatSigned(r.privateChange)}`);
    }
    lines.push('Table 12 (per framework): scored, aligned, overfit (mild), overfit (severe), other, not scored');
    for (const c of table12) lines.push(`  ${c.framework.padEnd(14)} ${c.scored} scored, ${c.aligned} aligned, ${c.overfitMild} mild, ${c.overfitSevere} severe, ${c.other} other, ${c.notScored} not scored`);
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}
