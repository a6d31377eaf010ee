// The eval agent's task message (seed 001, "Eval Agent Task Message"): the code to diagnose (the
// best program since the previous diagnosis: best-gen targeting, never simply the latest), the
// per-generation score history (and the aux metric history when the previous diagnosis has aux
// values), the previous report, the change log (Problem 4), the compile command for C/C++, the
// tools, and the required output: Hypothesis / Experiment / Verdict / Direction with every number
// taken from a tool result, then optionally auxiliary_metrics.py (evaluate_aux(results_dir,
// primary_result) -> dict, the seed's path rule) and an agent candidate. Pure.
import type { ChatMessage } from '../contracts/llmTypes';

export interface ScoreHistoryRow {
  generation: number;
  programs: number;
  /** Best score among the generation's programs (null: none scored). */
  best: number | null;
  bestSoFar: number | null;
}

export interface AuxHistoryRow {
  generation: number;
  values: Record<string, number>;
}

export interface DiagnosisPromptInput {
  run: { name: string; framework: string; scoreMetric: string | null; higherIsBetter: boolean };
  program: { externalId: string; generation: number | null; score: number | null; language: string; source: string; programFile: string };
  triggerGeneration: number;
  /** Where the window starts (the previous diagnosis's trigger), null: the start of the run. */
  fromGeneration: number | null;
  previous: { triggerGeneration: number; reportMd: string } | null;
  scoreHistory: ScoreHistoryRow[];
  auxHistory: AuxHistoryRow[] | null;
  changeLog: string;
  /** One line on the evaluator: contract and its files (test data the agent can ask about). */
  evaluator: string;
  maxToolCalls: number;
  wants: { auxMetrics: boolean; agentCandidate: boolean };
}

/** The fence names the report parser reads (report.ts). */
export const AUX_FENCE = 'auxiliary_metrics.py';
export const CANDIDATE_FENCE = 'agent_candidate';

const MAX_SOURCE = 60_000;
const MAX_HISTORY_ROWS = 120;
const MAX_PREVIOUS = 12_000;

export const isCompiled = (language: string) => ['cpp', 'c++', 'cc', 'cxx', 'c'].includes(language.toLowerCase());

export function compileCommand(language: string, programFile: string): string | null {
  const l = language.toLowerCase();
  if (l === 'c') return `gcc -O2 -std=gnu17 ${programFile} -o /tmp/binary -lm`;
  return isCompiled(l) ? `g++ -O2 -std=gnu++17 ${programFile} -o /tmp/binary` : null;
}

const num = (x: number | null) => (x === null ? '-' : String(Number(x.toPrecision(8))));

function historyTable(rows: ScoreHistoryRow[], aux: AuxHistoryRow[] | null): string {
  const kept = rows.slice(-MAX_HISTORY_ROWS);
  const auxBy = new Map((aux ?? []).map((a) => [a.generation, a.values]));
  const auxNames = [...new Set((aux ?? []).flatMap((a) => Object.keys(a.values)))].sort();
  const head = ['generation', 'programs', 'best', 'best so far', ...auxNames].join(' | ');
  const lines = kept.map((r) => [r.generation, r.programs, num(r.best), num(r.bestSoFar), ...auxNames.map((n) => num(auxBy.get(r.generation)?.[n] ?? null))].join(' | '));
  const cut = rows.length - kept.length;
  return [cut ? `(${cut} earlier generation(s) left out)` : null, head, ...lines].filter(Boolean).join('\n');
}

const SYSTEM = `You are the eval agent of an evolutionary code optimisation run. Your job is not to judge correctness but to produce diagnostic feedback: specific, evidence-backed insight into why the current best program is not scoring higher, and what direction would improve it.

Principles:
1. Evidence before direction: back every direction with a measured number.
2. Run code, don't read code: compile it, run it on inputs you write, evaluate variants, read the evaluator's per-test results. Ground truth beats inference.
3. Every number you state must come from a tool result of this conversation (quote it as printed); numbers you did not measure are marked unverified.
4. The Trivial Metric Test: an auxiliary metric that can be computed from the primary evaluator's output alone (score, per-case results) adds no information. Only measure what the primary evaluator cannot.
5. Direction richness over metric richness: five precise diagnostic sentences beat twenty metrics.`;

export function diagnosisMessages(input: DiagnosisPromptInput): ChatMessage[] {
  const p = input.program;
  const source = p.source.length > MAX_SOURCE ? `${p.source.slice(0, MAX_SOURCE)}\n... (${p.source.length - MAX_SOURCE} more characters; run_program and evaluate_program use the whole program)` : p.source;
  const compile = compileCommand(p.language, p.programFile);
  const prev = input.previous
    ? `Previous diagnostic (trigger generation ${input.previous.triggerGeneration}):\n${input.previous.reportMd.slice(0, MAX_PREVIOUS)}`
    : 'Previous diagnostic: none (this is the first diagnosis of this run).';
  const window = input.fromGeneration === null ? `up to generation ${input.triggerGeneration}` : `since the previous diagnosis (generations ${input.fromGeneration + 1} to ${input.triggerGeneration})`;
  const outputs = [
    'Your final answer (no tool call) is the diagnostic report, in exactly these four parts, each a markdown heading:',
    '## Hypothesis\nWhat the bottleneck is (wrong algorithm, timeout on which inputs, wrong output on which case, suboptimal heuristic at which decision point).',
    '## Experiment\nWhat you ran to test it (backward: run on a failing case and measure where it breaks; forward: run on growing inputs and find the frontier), with the measured numbers.',
    '## Verdict\nWhether the measurements confirm the hypothesis, with the numbers.',
    '## Direction\nThe specific change to make (which function, which lines, which approach), backed by a measured number.',
  ];
  if (input.wants.auxMetrics) {
    outputs.push(
      `Then, optionally, one fenced block \`\`\`${AUX_FENCE} holding a Python script that defines evaluate_aux(results_dir, primary_result=None) and returns a dict of metric name -> float. It runs on every program of the run: results_dir is the directory that holds the program file itself (the code is at os.path.join(results_dir, '${p.programFile}'); never a results/ subdirectory of it), primary_result is the dict of the primary evaluator's metrics. It may compile and run the code on inputs it writes; apply the Trivial Metric Test.`,
    );
  }
  if (input.wants.agentCandidate) {
    outputs.push(`Then, optionally, one fenced block \`\`\`${CANDIDATE_FENCE} holding a complete improved program (the whole file, same language) that implements your direction: it is evaluated and compared with the program you diagnosed.`);
  }
  const user = [
    `Run: ${input.run.name} (${input.run.framework}); primary score: ${input.run.scoreMetric ?? 'score'}, ${input.run.higherIsBetter ? 'higher' : 'lower'} is better.`,
    `Evaluator: ${input.evaluator}`,
    '',
    `Code to diagnose: ${p.programFile} of program ${p.externalId} (generation ${p.generation ?? '?'}, score ${num(p.score)}), the best program ${window}. The tools run it when you give them no source.`,
    `\`\`\`${p.language}\n${source}\n\`\`\``,
    compile ? `Compile command: ${compile} (compile_program runs it in the sandbox).` : `Language: ${p.language} (run with python3; compile_program checks its syntax).`,
    '',
    `Metrics history (per generation, up to the trigger generation ${input.triggerGeneration}):`,
    historyTable(input.scoreHistory, input.auxHistory),
    '',
    prev,
    '',
    'Change log:',
    input.changeLog,
    '',
    `Tools (at most ${input.maxToolCalls} calls in all; every run is sandboxed, without network): run_program (the program or a variant you write, on stdin and input files you write), compile_program, evaluate_program (the run's evaluator on the program or a variant: score, metrics, per-test results where the evaluator gives them), read_test_results (the stored evaluation of a program of the run). Do not repeat what the change log shows was already tried and discarded.`,
    '',
    ...outputs,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

/** Sent when the tool-call budget is spent: the model must answer now, without tools. */
export const WRAP_UP = 'The tool-call budget is spent. Write the final diagnostic report now (Hypothesis / Experiment / Verdict / Direction), using only the numbers your tool results gave.';
