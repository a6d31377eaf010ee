// `evoscope judge --diffs FILE.jsonl --judge offline|llm [--language L] [--json]`: edits that are
// not in a stored run. Input lines: {"id", "diff"} (a unified diff) or {"id", "parent", "child"}
// (two sources), optionally "language". Output: one {"id", "labels"} line per edit, in input
// order ({"id", "labels": [], "notJudged": reason} when the LLM gave no answer), which is what
// `evoscope agreement` reads. The LLM sees the diff as given (or editDiff of the two sources);
// the offline judge reads sources, so a diff is turned into its two sides (diffSides.ts).
import { canonicalLabels } from '../lib/contracts/editLabels';
import { diffSides } from '../lib/analysis/taxonomy/diffSides';
import type { LlmSettings } from '../lib/contracts/llmTypes';
import type { JudgeArgs } from './judgeArgs';
import { judgeLlmAll, judgeOfflineAll, type EditToJudge, type JudgeOutcome } from './judgeLoop';
import { editInputSchema, InputFileError, readJsonLines } from './labelsFile';

export async function judgeDiffsFile(args: JudgeArgs, log: (l: string) => void, llmSettings: () => Promise<LlmSettings>) {
  const file = args.diffs!;
  const lines = readJsonLines(file, editInputSchema);
  const seen = new Set<string>();
  const edits: EditToJudge[] = lines.map(({ line, value }) => {
    if (seen.has(value.id)) throw new InputFileError(`${file}:${line}: id ${JSON.stringify(value.id)} appears twice`);
    seen.add(value.id);
    const language = value.language ?? args.language ?? null;
    if ('diff' in value) return { ...diffSides(value.diff), diff: value.diff, language };
    return { parent: value.parent, child: value.child, language };
  });

  let outcomes: JudgeOutcome[];
  if (args.judge === 'llm') {
    const { withDatabase } = await import('./withDatabase'); // settings and the answer cache
    outcomes = await withDatabase(log, async () => {
      const res = await judgeLlmAll(edits, await llmSettings(), log);
      log(`LLM: ${res.spend.requests} edits asked, ${res.spend.cached} from the cache, ${res.spend.promptTokens + res.spend.completionTokens} tokens, $${res.spend.costUsd.toFixed(4)}`);
      return res.outcomes;
    });
  } else {
    outcomes = await judgeOfflineAll(edits);
  }
  log(`judged ${edits.length} edits from ${file}`);

  const out = lines.map(({ value }, i) => {
    const o = outcomes[i];
    if (o.status === 'not-judged') return args.json ? JSON.stringify({ id: value.id, labels: [], notJudged: o.reason }) : `${value.id}: not judged (${o.reason})`;
    const labels = canonicalLabels(o.labels);
    return args.json ? JSON.stringify({ id: value.id, labels }) : `${value.id}: ${labels.join(', ') || '(no label)'}`;
  });
  if (out.length) process.stdout.write(`${out.join('\n')}\n`);
}
