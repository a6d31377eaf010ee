// The arguments of `evoscope judge`, shared by the command (cli/commands/judge.ts) and the
// --diffs path it hands over to (cli/judgeDiffs.ts), which both read them.
import { parseArgs, UsageError } from './args';

export interface JudgeArgs {
  target?: string;
  diffs?: string;
  judge: 'offline' | 'llm';
  language?: string;
  json: boolean;
}

export function parseJudgeArgs(args: string[]): JudgeArgs {
  const a = parseArgs(args, { values: ['judge', 'diffs', 'language'], switches: ['json'], positional: 'run' });
  const judge = a.values.judge ?? 'offline';
  if (judge !== 'offline' && judge !== 'llm') throw new UsageError('--judge must be offline or llm');
  if (a.values.diffs && a.positional) throw new UsageError('judge takes a run or --diffs FILE, not both');
  if (!a.values.diffs && !a.positional) throw new UsageError('judge needs a <dir|archive|runId> or --diffs FILE.jsonl');
  if (a.values.language && !a.values.diffs) throw new UsageError('--language is for --diffs input (a run knows its language)');
  return { target: a.positional, diffs: a.values.diffs, judge, language: a.values.language, json: a.switches.has('json') };
}
