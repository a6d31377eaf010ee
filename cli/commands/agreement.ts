// `evoscope agreement A.jsonl B.jsonl [--json]`: agreement between two labellings of the same
// edits (lines `{"id", "labels"}`; A is the reference, B the prediction), on the ids both files
// have: the figures of the paper's appendix B.4 (lib/analysis/taxonomy/agreement.ts).
import { agreement } from '../../lib/analysis/taxonomy/agreement';
import type { AgreementReport } from '../../lib/contracts/taxonomyTypes';
import { parseArgs, UsageError } from '../args';
import { readLabelling } from '../labelsFile';

export interface AgreementArgs {
  a: string;
  b: string;
  json: boolean;
}

export function parseAgreementArgs(args: string[]): AgreementArgs {
  // Two positionals: the shared parser takes one, so the files are taken out first.
  const files = args.filter((x) => !x.startsWith('--'));
  parseArgs(args.filter((x) => x.startsWith('--')), { values: [], switches: ['json'], positional: 'file' });
  if (files.length !== 2) throw new UsageError('agreement needs two files: A.jsonl (reference) B.jsonl (prediction)');
  return { a: files[0], b: files[1], json: args.includes('--json') };
}

const fmt = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));

function humanReport(r: AgreementReport, args: AgreementArgs): string {
  const lines = [
    `${r.n} edits in both ${args.a} (reference) and ${args.b} (prediction)`,
    `  exact match ${fmt(r.exactMatch)}, mean Jaccard ${fmt(r.meanJaccard)}`,
    `  micro precision ${fmt(r.micro.precision)}, recall ${fmt(r.micro.recall)}, F1 ${fmt(r.micro.f1)}; macro F1 ${fmt(r.macroF1)}, macro kappa ${fmt(r.macroKappa)}`,
    '  label                  both  onlyA  onlyB  neither  precision  recall  F1     kappa',
  ];
  for (const p of r.perLabel) {
    lines.push(
      `  ${p.label.padEnd(22)} ${String(p.both).padStart(4)}  ${String(p.onlyA).padStart(5)}  ${String(p.onlyB).padStart(5)}  ` +
        `${String(p.neither).padStart(7)}  ${fmt(p.precision).padStart(9)}  ${fmt(p.recall).padStart(6)}  ${fmt(p.f1).padEnd(5)}  ${fmt(p.kappa)}`,
    );
  }
  return lines.join('\n');
}

export async function agreementCommand(args: AgreementArgs, log: (l: string) => void) {
  const a = readLabelling(args.a);
  const b = readLabelling(args.b);
  for (const [file, f] of [[args.a, a], [args.b, b]] as const) {
    if (f.notJudged) log(`${file}: ${f.notJudged} edit(s) marked not judged are left out`);
  }
  const onlyA = [...a.labels.keys()].filter((id) => !b.labels.has(id)).length;
  const onlyB = [...b.labels.keys()].filter((id) => !a.labels.has(id)).length;
  if (onlyA || onlyB) log(`ids in one file only are left out: ${onlyA} only in ${args.a}, ${onlyB} only in ${args.b}`);
  const report = agreement(a.labels, b.labels);
  process.stdout.write(`${args.json ? JSON.stringify(report) : humanReport(report, args)}\n`);
}
