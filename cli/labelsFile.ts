// JSON-lines files of the taxonomy CLI: `{"id", "labels"}` labellings (agreement's input and
// `judge --diffs`' output) and `{"id", "diff"}` / `{"id", "parent", "child"}` edits (judge --diffs'
// input). Every error names the file (as the user gave it) and the line.
import fs from 'node:fs';
import { z } from 'zod';
import { isEditLabel } from '../lib/contracts/editLabels';

/** A problem with the user's input: the CLI prints the message alone and exits with 1. */
export class InputFileError extends Error {}

/** A judge run the user can fix (no such run, no LLM configured, a batch already running). */
export class JudgeError extends InputFileError {}

const idSchema = z.union([z.string().min(1), z.number()]).transform(String);

const labellingSchema = z.object({
  id: idSchema,
  labels: z.array(z.string()),
  /** `judge --diffs` writes this instead of a judgement when the LLM gave no valid answer. */
  notJudged: z.string().optional(),
});

export const editInputSchema = z.union([
  z.object({ id: idSchema, diff: z.string(), language: z.string().optional() }),
  z.object({ id: idSchema, parent: z.string(), child: z.string(), language: z.string().optional() }),
]);
export type EditInput = z.infer<typeof editInputSchema>;

/** Parsed non-blank lines of a JSONL file, each through `schema`; errors name file and line. */
export function readJsonLines<T>(file: string, schema: z.ZodType<T>): { line: number; value: T }[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputFileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const out: { line: number; value: T }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new InputFileError(`${file}:${i + 1}: not valid JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputFileError(`${file}:${i + 1}: ${issue.path.join('.') || 'line'}: ${issue.message}`);
    }
    out.push({ line: i + 1, value: parsed.data });
  });
  return out;
}

/**
 * A labelling file as id -> labels. Lines marked `notJudged` are left out (returned as a count);
 * an unknown label or a repeated id is an error, since it is most likely a typo.
 */
export function readLabelling(file: string): { labels: Map<string, string[]>; notJudged: number } {
  const labels = new Map<string, string[]>();
  let notJudged = 0;
  for (const { line, value } of readJsonLines(file, labellingSchema)) {
    if (labels.has(value.id)) throw new InputFileError(`${file}:${line}: id ${JSON.stringify(value.id)} appears twice`);
    const unknown = value.labels.find((l) => !isEditLabel(l));
    if (unknown !== undefined) throw new InputFileError(`${file}:${line}: unknown label ${JSON.stringify(unknown)}`);
    if (value.notJudged !== undefined) {
      notJudged++;
      continue;
    }
    labels.set(value.id, value.labels);
  }
  return { labels, notJudged };
}
