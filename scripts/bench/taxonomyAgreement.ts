// The offline judge against the hand-labelled sets (issue 25), with EvoReplay's agreement
// definitions (lib/analysis/taxonomy/agreement.ts): per label kappa, precision, recall and counts,
// labels per edit on both sides, micro F1, macro kappa, exact match. Prints one JSON object per set.
//   node --import tsx scripts/bench/taxonomyAgreement.ts [--disagreements]
import path from 'node:path';
import { agreement } from '../../lib/analysis/taxonomy/agreement';
import { judgeEditOffline } from '../../lib/analysis/taxonomy/offlineJudge';
import { initParsers } from '../../lib/analysis/treeSitter';
import { LABELLED_EDITS, LABELLED_EDITS_V2, loadLabelledSources } from '../../tests/helpers/labelledEdits';

const showDisagreements = process.argv.includes('--disagreements');
await initParsers();
const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
for (const file of [LABELLED_EDITS, LABELLED_EDITS_V2]) {
  const edits = await loadLabelledSources(file);
  const human = new Map(edits.map((e) => [e.id, e.labels as readonly string[]]));
  const judge = new Map(edits.map((e) => [e.id, judgeEditOffline(e.parentCode, e.childCode, e.language).labels as readonly string[]]));
  const a = agreement(human, judge);
  const per = (m: Map<string, readonly string[]>) => [...m.values()].reduce((s, l) => s + l.length, 0) / m.size;
  const out = {
    set: path.basename(file),
    edits: a.n,
    labelsPerEdit: { human: round(per(human)), judge: round(per(judge)) },
    macroKappa: round(a.macroKappa),
    microF1: round(a.micro.f1),
    microPrecision: round(a.micro.precision),
    microRecall: round(a.micro.recall),
    exactMatch: round(a.exactMatch),
    perLabel: Object.fromEntries(a.perLabel.map((p) => [p.label, { human: p.both + p.onlyA, judge: p.both + p.onlyB, both: p.both, kappa: round(p.kappa), precision: round(p.precision), recall: round(p.recall) }])),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  if (showDisagreements) {
    for (const e of edits) {
      const h = [...human.get(e.id)!].sort().join('+');
      const j = [...judge.get(e.id)!].sort().join('+');
      if (h !== j) process.stderr.write(`${e.id}\n  human ${h} | judge ${j || '-'}\n  note: ${e.note}\n`);
    }
  }
}
