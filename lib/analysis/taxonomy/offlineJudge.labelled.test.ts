// Agreement of the offline judge with both hand-labelled sets (tests/fixtures/taxonomy/
// labelled-edits.jsonl, 94 edits, the set the first rules were tuned on; labelled-edits-v2.jsonl,
// 226 edits labelled by reading before any judge ran; demo runs and ../shared/real-runs, sources
// read at test time), with EvoReplay's agreement definitions (agreement.ts, as
// scripts/bench/taxonomyAgreement.ts prints them). The floors are the measured figures minus a
// small margin (README.md, "Agreement with the labelled sets"); the per-label table is printed so
// that a rule change shows what it moved. Two floors follow the annotators' decision rule: the
// judge gives about as many labels per edit as the people (within 0.3), and no label that people
// gave 5 or more times is wrong more often than right (precision >= 0.5).
import { beforeAll, describe, expect, it } from 'vitest';
import { LABELLED_EDITS, LABELLED_EDITS_V2, loadLabelledSources, readLabelledRows, type LabelledSource } from '../../../tests/helpers/labelledEdits';
import { initParsers } from '../treeSitter';
import { EDIT_LABELS, type EditLabel } from '../../contracts/editLabels';
import { agreement } from './agreement';
import { judgeEditOffline } from './offlineJudge';

interface Floors {
  microF1: number;
  macroKappa: number;
  exactMatch: number;
}

// Measured minus ~0.03 (README.md, "Agreement with the labelled sets").
const SETS: { name: string; file: string; minEdits: number; floors: Floors }[] = [
  { name: 'labelled-edits.jsonl', file: LABELLED_EDITS, minEdits: 80, floors: { microF1: 0.72, macroKappa: 0.67, exactMatch: 0.52 } },
  { name: 'labelled-edits-v2.jsonl', file: LABELLED_EDITS_V2, minEdits: 200, floors: { microF1: 0.79, macroKappa: 0.62, exactMatch: 0.67 } },
];
/** The judge's labels per edit stay this close to the people's. */
const LABELS_PER_EDIT_GAP = 0.3;
/** A label people gave at least this often... */
const MIN_POSITIVES = 5;
/** ...is right at least this often when the judge gives it. */
const MIN_PRECISION = 0.5;

const loaded = new Map<string, { edits: LabelledSource[]; judged: Map<string, EditLabel[]> }>();

beforeAll(async () => {
  await initParsers();
  for (const s of SETS) {
    const edits = await loadLabelledSources(s.file);
    loaded.set(s.name, { edits, judged: new Map(edits.map((e) => [e.id, judgeEditOffline(e.parentCode, e.childCode, e.language).labels])) });
  }
}, 600_000);

const perEdit = (m: Map<string, readonly string[]>) => [...m.values()].reduce((n, l) => n + l.length, 0) / m.size;
const pct = (x: number | null) => (x === null ? '  n/a' : x.toFixed(2).padStart(5));

function figures(edits: LabelledSource[], judged: Map<string, EditLabel[]>) {
  const human = new Map(edits.map((e) => [e.id, e.labels as readonly string[]]));
  const judge = new Map(edits.map((e) => [e.id, judged.get(e.id)! as readonly string[]]));
  return { ...agreement(human, judge), labelsPerEdit: { human: perEdit(human), judge: perEdit(judge) } };
}

describe.each(SETS)('offline judge vs the hand labels of $name', ({ name, file, minEdits, floors }) => {
  it('the set has enough edits, every label, several multi-label ones, Python and C++/CUDA', () => {
    const { edits } = loaded.get(name)!;
    expect(edits.length).toBeGreaterThanOrEqual(minEdits);
    for (const l of EDIT_LABELS) expect(edits.some((e) => e.labels.includes(l)), l).toBe(true);
    expect(edits.filter((e) => e.labels.length > 1).length).toBeGreaterThanOrEqual(10);
    expect(edits.some((e) => e.language === 'python')).toBe(true);
    expect(edits.some((e) => ['cpp', 'cuda', 'cu', 'c++'].includes(e.language.toLowerCase()))).toBe(true);
    expect(readLabelledRows(file).length).toBe(edits.length);
  });

  it('agrees with the hand labels above the measured floors, with as many labels per edit and no label mostly wrong', () => {
    const { edits, judged } = loaded.get(name)!;
    const f = figures(edits, judged);
    const lines = [
      `${name}: n=${f.n} exact=${pct(f.exactMatch)} microF1=${pct(f.micro.f1)} macroKappa=${pct(f.macroKappa)} labels/edit human=${pct(f.labelsPerEdit.human)} judge=${pct(f.labelsPerEdit.judge)}`,
      'label                   human judge both kappa precision recall',
      ...f.perLabel.map((l) => `${l.label.padEnd(23)} ${String(l.both + l.onlyA).padStart(5)} ${String(l.both + l.onlyB).padStart(5)} ${String(l.both).padStart(4)} ${pct(l.kappa)} ${pct(l.precision).padStart(9)} ${pct(l.recall).padStart(6)}`),
      'disagreements:',
      ...edits.filter((e) => [...e.labels].sort().join() !== [...judged.get(e.id)!].sort().join()).map((e) => `  ${e.id}: human ${e.labels.join('+')} | judge ${judged.get(e.id)!.join('+') || '-'}`),
    ];
    // Old set: the edits labelled after the first rules were tuned (notes end in "(held out)").
    const held = edits.filter((e) => e.note.endsWith('(held out)'));
    if (held.length) {
      const h = figures(held, judged);
      lines.push(`held out (labelled after the first tuning): n=${h.n} exact=${pct(h.exactMatch)} microF1=${pct(h.micro.f1)} macroKappa=${pct(h.macroKappa)}`);
    }
    console.log(lines.join('\n'));
    expect(f.micro.f1).toBeGreaterThanOrEqual(floors.microF1);
    expect(f.macroKappa).toBeGreaterThanOrEqual(floors.macroKappa);
    expect(f.exactMatch).toBeGreaterThanOrEqual(floors.exactMatch);
    expect(Math.abs(f.labelsPerEdit.judge - f.labelsPerEdit.human)).toBeLessThanOrEqual(LABELS_PER_EDIT_GAP);
    for (const l of f.perLabel) {
      if (l.both + l.onlyA >= MIN_POSITIVES && l.both + l.onlyB > 0) expect(l.precision, `${l.label} precision`).toBeGreaterThanOrEqual(MIN_PRECISION);
    }
  });
});
