// A reviewer's labelling as JSONL in EvoReplay's gold shape, one edit a line:
// {"run": <run id>, "child_id": ..., "parent_id": ..., "labels": [...], "note": "...", "diff": "<unified diff>"}
// `run` is Evoscope's run id and child_id / parent_id the programs' database ids, so that a file
// re-imports onto the same session (matched by run + child_id). A skipped item is written with
// "skipped": true (EvoReplay ignores unknown keys). Pure: parsing names the line at fault.
import { z } from 'zod';
import { canonicalLabels, isEditLabel } from '../contracts/editLabels';

export interface GoldLine {
  run: string;
  child_id: string;
  parent_id: string;
  labels: string[];
  note: string;
  diff: string;
  skipped?: boolean;
}

export const toJsonl = (lines: readonly GoldLine[]) => lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');

const lineSchema = z.object({
  run: z.string().min(1),
  child_id: z.string().min(1),
  parent_id: z.string().optional(),
  labels: z.array(z.string()),
  note: z.string().optional().default(''),
  diff: z.string().optional(),
  skipped: z.boolean().optional().default(false),
});

export interface ParsedGold {
  /** 1-based line number in the file. */
  line: number;
  run: string;
  childId: string;
  labels: string[];
  note: string;
  skipped: boolean;
}

export type GoldParse = { ok: true; lines: ParsedGold[] } | { ok: false; errors: string[] };

/** Every line checked; any error refuses the whole file (the caller stores nothing then). */
export function parseGold(text: string): GoldParse {
  const errors: string[] = [];
  const lines: ParsedGold[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const n = i + 1;
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      errors.push(`line ${n}: not valid JSON`);
      return;
    }
    const parsed = lineSchema.safeParse(value);
    if (!parsed.success) {
      errors.push(`line ${n}: ${parsed.error.issues.map((x) => (x.path.length ? `${x.path.join('.')}: ${x.message}` : x.message)).join('; ')}`);
      return;
    }
    const unknown = parsed.data.labels.filter((l) => !isEditLabel(l));
    if (unknown.length) {
      errors.push(`line ${n}: unknown label${unknown.length > 1 ? 's' : ''} ${unknown.map((l) => JSON.stringify(l)).join(', ')}`);
      return;
    }
    const key = `${parsed.data.run}/${parsed.data.child_id}`;
    if (seen.has(key)) {
      errors.push(`line ${n}: edit ${parsed.data.child_id} of run ${parsed.data.run} appears twice`);
      return;
    }
    seen.add(key);
    lines.push({ line: n, run: parsed.data.run, childId: parsed.data.child_id, labels: canonicalLabels(parsed.data.labels), note: parsed.data.note, skipped: parsed.data.skipped });
  });
  if (!errors.length && !lines.length) errors.push('the file holds no labelled edit');
  return errors.length ? { ok: false, errors } : { ok: true, lines };
}
