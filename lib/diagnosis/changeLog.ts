// The change log the eval agent reads (seed 001, Problem 4: "no memory of what was tried"): what
// the lineage tried since the previous trigger, one entry per program of the window with the
// taxonomy's edit types of its parent-to-child edit, its score delta against that parent and
// whether it re-added lines an ancestor had deleted (cycling). The text ends with a tally per
// edit type (tried, improved, mean delta), so the agent sees at a glance which directions the
// lineage already exhausted ("gen_12: replaced linear scan with binary search -> +4 points").
// Pure: the rows come from lib/db/diagnosisData.ts.
import type { ChangeLogEntry } from '../trace/diagnosis';

export interface ChangeLogProgram {
  programId: string;
  externalId: string;
  generation: number | null;
  score: number | null;
  /** The first parent's score (null: a seed, or a parent without a score). */
  parentScore: number | null;
  /** Labels of the parent-to-child edit (empty: not judged). */
  editTypes: readonly string[];
  cycling: boolean;
  summary: string | null;
}

/** Most entries given to the agent (the latest are kept: they are what it should not repeat). */
export const MAX_CHANGE_LOG = 80;

export function buildChangeLog(programs: readonly ChangeLogProgram[], max = MAX_CHANGE_LOG): { entries: ChangeLogEntry[]; omitted: number } {
  const sorted = [...programs].sort((a, b) => (a.generation ?? -1) - (b.generation ?? -1));
  const kept = sorted.slice(Math.max(0, sorted.length - max));
  const entries = kept.map((p) => ({
    programId: p.programId,
    externalId: p.externalId,
    generation: p.generation,
    editTypes: [...p.editTypes],
    delta: p.score !== null && p.parentScore !== null && Number.isFinite(p.score - p.parentScore) ? p.score - p.parentScore : null,
    cycling: p.cycling,
    summary: p.summary === null ? null : p.summary.replace(/\s+/g, ' ').trim().slice(0, 500) || null,
  }));
  return { entries, omitted: sorted.length - kept.length };
}

const fmt = (x: number) => (Math.abs(x) >= 1000 || x === Math.trunc(x) ? String(Number(x.toPrecision(8))) : x.toPrecision(4));
const signed = (x: number) => (x > 0 ? `+${fmt(x)}` : fmt(x));

export interface ChangeLogTextOptions {
  higherIsBetter: boolean;
  /** The window: generations after `fromGeneration` (null: from the start) up to `toGeneration`. */
  fromGeneration: number | null;
  toGeneration: number;
  omitted?: number;
  /** What `fromGeneration` is (default: the previous diagnosis). */
  fromLabel?: string;
}

/** The change log as the agent reads it: one line per attempt, then a tally per edit type. */
export function changeLogText(entries: readonly ChangeLogEntry[], o: ChangeLogTextOptions): string {
  const window = o.fromGeneration === null ? `up to generation ${o.toGeneration}` : `after generation ${o.fromGeneration} (${o.fromLabel ?? 'the previous diagnosis'}) up to ${o.toGeneration}`;
  if (!entries.length) return `No program was produced ${window}.`;
  const better = (d: number) => (o.higherIsBetter ? d > 0 : d < 0);
  const lines = [`What the lineage tried ${window} (${entries.length} program(s)${o.omitted ? `, ${o.omitted} earlier ones left out` : ''}; delta = score - parent's score, ${o.higherIsBetter ? 'higher' : 'lower'} is better):`];
  for (const e of entries) {
    const types = e.editTypes.length ? e.editTypes.join(', ') : 'not classified';
    const delta = e.delta === null ? 'no score delta' : `${signed(e.delta)}${e.delta === 0 ? ' (no change)' : better(e.delta) ? ' (better)' : ' (worse)'}`;
    const cyc = e.cycling ? ' [cycling: re-adds lines an ancestor deleted]' : '';
    lines.push(`- gen ${e.generation ?? '?'} ${e.externalId}: ${types} -> ${delta}${cyc}${e.summary ? ` - ${e.summary}` : ''}`);
  }
  const tally = new Map<string, { n: number; improved: number; sum: number; scored: number }>();
  for (const e of entries) {
    for (const t of e.editTypes.length ? e.editTypes : ['not classified']) {
      const s = tally.get(t) ?? { n: 0, improved: 0, sum: 0, scored: 0 };
      s.n++;
      if (e.delta !== null) {
        s.scored++;
        s.sum += e.delta;
        if (better(e.delta)) s.improved++;
      }
      tally.set(t, s);
    }
  }
  lines.push('', 'By edit type (tried / improved on the parent / mean delta):');
  for (const [t, s] of [...tally].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))) {
    lines.push(`- ${t}: ${s.n} tried, ${s.improved} improved, mean delta ${s.scored ? signed(s.sum / s.scored) : 'n/a'}`);
  }
  const cycling = entries.filter((e) => e.cycling).length;
  if (cycling) lines.push(`${cycling} of ${entries.length} edit(s) re-added lines an ancestor had deleted (the lineage is cycling).`);
  return lines.join('\n');
}
