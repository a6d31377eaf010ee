// The variant EvoReplay lacks (the paper's §6 suggestion): tell the model which lines the
// parent's own lineage already deleted, so it can see when it is about to put one back. Deleted
// lines are the cycling analysis' removed lines (lib/analysis/lineEdits.ts, 'default'
// definitions: comments stripped by language, trimmed, uninformative lines dropped, at least
// MIN_CYCLE_LINE_LENGTH characters: exactly the lines cycling would pair with a re-addition).
import { lineEdits, MIN_CYCLE_LINE_LENGTH } from '../../analysis/lineEdits';
import { pyLen } from '../../analysis/pyText';

/** At most this many lines go into the prompt (the most recent deletions). */
export const DELETION_HISTORY_CAP = 40;

/**
 * Lines deleted along a lineage and absent from its last program: `chain` is the sources from
 * the oldest ancestor to the parent (each the first parent of the next). Most recent deletion
 * first, each line once.
 */
export function lineageDeletions(chain: readonly string[], language: string | null, cap = DELETION_HISTORY_CAP): string[] {
  if (chain.length < 2) return [];
  const parent = chain[chain.length - 1];
  const present = new Set(lineEdits('', parent, { definitions: 'default', language }).added);
  const seen = new Set<string>();
  const out: string[] = [];
  for (let k = chain.length - 1; k >= 1 && out.length < cap; k--) {
    const { removed } = lineEdits(chain[k - 1], chain[k], { definitions: 'default', language });
    for (const line of removed) {
      if (pyLen(line) < MIN_CYCLE_LINE_LENGTH || present.has(line) || seen.has(line)) continue;
      seen.add(line);
      out.push(line);
      if (out.length >= cap) break;
    }
  }
  return out;
}
