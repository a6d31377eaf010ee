// Edit composition: how much of each edit is numeric retuning versus structural change
// (paper appendix B.6; EvoReplay's classify_edits).
//
// Differences between the definition sets besides the edit table and normalisation (README.md):
// 'evoreplay' sets aside lines starting with "/*", "*/", "*" or "//" as comment lines, and counts
// score ups and downs on the raw primary metric (AnalysisProgram.rawScore, sentinels included).
// Under 'default' comments are already removed by the language-aware normalisation, so no line is
// a comment line (a C line `*p = 0;` is code), and scores are Evoscope's `score`.
import { type PreparedRun, asPrepared } from './editTable';
import { collapseNumbers } from './lineEdits';
import { median } from './stats';
import { type AnalysisProgram, COMPOSITION_BUCKETS, type CompositionBucket, type Definitions } from '../contracts/analysisTypes';

export interface ClassifyEditsOptions {
  definitions: Definitions;
}

export interface EditComposition {
  index: number;
  parentId: string;
  childId: string;
  iteration: number;
  /** 2 x the number of retune pairs. */
  tuningLines: number;
  structuralLines: number;
  commentLines: number;
  nAdded: number;
  nRemoved: number;
  /** tuningLines / (tuningLines + structuralLines); 0 when the edit has no code lines. */
  tuningFraction: number;
  /** null when the edit has no code lines (EvoReplay's CSV calls these "trivial"). */
  bucket: CompositionBucket | null;
  /** child score - parent score when both are numbers, else null. */
  scoreDelta: number | null;
}

export interface ClassifyEditsSummary {
  edits: number;
  linesTotal: number;
  tuningLines: number;
  structuralLines: number;
  commentLines: number;
  tuningShareOfAllLines: number;
  tuningShareOfCodeLines: number;
  structuralShareOfCodeLines: number;
  /** Median tuning fraction over edits with code lines; 0 when there are none. */
  medianPerEditTuningFraction: number;
  buckets: Record<CompositionBucket, number>;
  editsWithoutCodeLines: number;
  scoreUpTuningFraction: number | null;
  scoreDownTuningFraction: number | null;
  nScoreUp: number;
  nScoreDown: number;
}

export interface ClassifyEditsResult {
  definitions: Definitions;
  edits: EditComposition[];
  summary: ClassifyEditsSummary;
}

const COMMENT_START = ['/*', '*/', '*', '//'];

/** Bucket of a tuning fraction: >= 0.9 pure tuning, >= 0.6 mostly tuning, <= 0.1 pure structural, <= 0.4 mostly structural, else mixed. */
export function compositionBucket(fraction: number): CompositionBucket {
  if (fraction >= 0.9) return 'pure_tuning';
  if (fraction >= 0.6) return 'mostly_tuning';
  if (fraction <= 0.1) return 'pure_structural';
  if (fraction <= 0.4) return 'mostly_structural';
  return 'mixed';
}

/**
 * Retune pairs of one edit: each added code line, in order, takes the first unpaired removed code
 * line with the same number-collapsed skeleton but different text. Returns the pair count.
 */
export function countRetunePairs(removed: readonly string[], added: readonly string[]): number {
  const bySkeleton = new Map<string, number[]>();
  removed.forEach((line, j) => {
    const s = collapseNumbers(line);
    const list = bySkeleton.get(s);
    if (list) list.push(j);
    else bySkeleton.set(s, [j]);
  });
  const used = new Uint8Array(removed.length);
  let pairs = 0;
  for (const line of added) {
    const list = bySkeleton.get(collapseNumbers(line));
    if (!list) continue;
    for (const j of list) {
      if (used[j] || removed[j] === line) continue;
      used[j] = 1;
      pairs++;
      break;
    }
  }
  return pairs;
}

/**
 * Per edit: changed code lines are retune pairs (countRetunePairs; 2 lines each) or structural
 * (the rest); the tuning fraction is tuning / (tuning + structural) and sets the bucket. Edits
 * without code lines are in no bucket. Score ups and downs compare the child's score with its
 * parent's ('evoreplay': raw metric, any number).
 */
export function classifyEdits(input: readonly AnalysisProgram[] | PreparedRun, opts: ClassifyEditsOptions): ClassifyEditsResult {
  const run = asPrepared(input, opts.definitions);
  const { programs } = run;
  const isComment = (s: string) => opts.definitions === 'evoreplay' && COMMENT_START.some((p) => s.startsWith(p));
  const scoreOf = (p: AnalysisProgram) => (opts.definitions === 'evoreplay' && p.rawScore !== undefined ? p.rawScore : p.score);
  const rows = run.edits.map((e): EditComposition => {
    const remCode = e.removed.filter((s) => !isComment(s));
    const addCode = e.added.filter((s) => !isComment(s));
    const pairs = countRetunePairs(remCode, addCode);
    const tuningLines = 2 * pairs;
    const structuralLines = remCode.length + addCode.length - tuningLines;
    const code = tuningLines + structuralLines;
    const tuningFraction = code ? tuningLines / code : 0;
    const sc = scoreOf(programs[e.child]);
    const sp = scoreOf(programs[e.parent]);
    return {
      index: e.index,
      parentId: programs[e.parent].id,
      childId: programs[e.child].id,
      iteration: e.iteration,
      tuningLines,
      structuralLines,
      commentLines: e.removed.length - remCode.length + e.added.length - addCode.length,
      nAdded: e.added.length,
      nRemoved: e.removed.length,
      tuningFraction,
      bucket: code ? compositionBucket(tuningFraction) : null,
      scoreDelta: typeof sc === 'number' && typeof sp === 'number' ? sc - sp : null,
    };
  });
  return { definitions: opts.definitions, edits: rows, summary: summarise(rows) };
}

function summarise(rows: EditComposition[]): ClassifyEditsSummary {
  const sum = (xs: EditComposition[], k: 'tuningLines' | 'structuralLines' | 'commentLines') => xs.reduce((s, r) => s + r[k], 0);
  const t = sum(rows, 'tuningLines');
  const s = sum(rows, 'structuralLines');
  const c = sum(rows, 'commentLines');
  const buckets = Object.fromEntries(COMPOSITION_BUCKETS.map((b) => [b, 0])) as Record<CompositionBucket, number>;
  const fractions: number[] = [];
  for (const r of rows) {
    if (r.bucket === null) continue;
    buckets[r.bucket]++;
    fractions.push(r.tuningFraction);
  }
  const up = rows.filter((r) => r.scoreDelta !== null && r.scoreDelta > 0);
  const down = rows.filter((r) => r.scoreDelta !== null && r.scoreDelta < 0);
  const frac = (xs: EditComposition[]) => {
    const tt = sum(xs, 'tuningLines');
    const ss = sum(xs, 'structuralLines');
    return tt + ss ? tt / (tt + ss) : null;
  };
  return {
    edits: rows.length,
    linesTotal: t + s + c,
    tuningLines: t,
    structuralLines: s,
    commentLines: c,
    tuningShareOfAllLines: t + s + c ? t / (t + s + c) : 0,
    tuningShareOfCodeLines: t + s ? t / (t + s) : 0,
    structuralShareOfCodeLines: t + s ? s / (t + s) : 0,
    medianPerEditTuningFraction: median(fractions) ?? 0,
    buckets,
    editsWithoutCodeLines: rows.length - fractions.length,
    scoreUpTuningFraction: frac(up),
    scoreDownTuningFraction: frac(down),
    nScoreUp: up.length,
    nScoreDown: down.length,
  };
}
