import { expect, it } from 'vitest';
import { auxScriptProblem, linkClaims, parseReport, reportMarkdown } from './report';

const AUX = "import os\n\ndef evaluate_aux(results_dir, primary_result=None):\n    code = os.path.join(results_dir, 'main.cpp')\n    return {'n': 1.0}\n";
const ANSWER = `Here is my report.

## Hypothesis
The 2-opt loop stops early: on n=200 it makes 8800 queries.

**Experiment:** I ran the program on n=200 and measured a tour of 1.4 times the optimum; the evaluator scored 0.9188.

Verdict: Confirmed, runtime_ms = 4500 on case 3.

### Direction
1. Batch adjacent cells in solve() to save 2500 queries.

\`\`\`auxiliary_metrics.py
${AUX}\`\`\`

\`\`\`agent_candidate
int main() { return 0; }
\`\`\`
`;

it('reads the four parts in any common heading style, the aux script and the candidate', () => {
  const r = parseReport(ANSWER, { auxMetrics: true, agentCandidate: true });
  expect(r.parts.hypothesis).toBe('The 2-opt loop stops early: on n=200 it makes 8800 queries.');
  expect(r.parts.experiment).toMatch(/^I ran the program/);
  expect(r.parts.verdict).toBe('Confirmed, runtime_ms = 4500 on case 3.');
  expect(r.parts.direction).toBe('1. Batch adjacent cells in solve() to save 2500 queries.');
  expect(r.auxScript).toBe(AUX);
  expect(r.candidate).toBe('int main() { return 0; }\n');
  expect(r.missing).toEqual([]);
});

it('says what is missing, and refuses an aux script without the contract or against the path rule', () => {
  const r = parseReport('Hypothesis: slow.\n```auxiliary_metrics.py\ndef metric(d):\n  return {}\n```', { auxMetrics: true, agentCandidate: true });
  expect(r.auxScript).toBeNull();
  expect(r.missing).toEqual([
    'the report has no Experiment part',
    'the report has no Verdict part',
    'the report has no Direction part',
    'auxiliary_metrics.py refused: it defines no evaluate_aux(results_dir, primary_result) function',
    'the agent wrote no agent candidate',
  ]);
  expect(auxScriptProblem("def evaluate_aux(results_dir, primary_result=None):\n    p = os.path.join(results_dir, 'results', 'main.cpp')")).toMatch(/path rule/);
  expect(auxScriptProblem(AUX)).toBeNull();
});

it('links each number to the latest tool result that shows it, whole tokens or roundings only', () => {
  const r = parseReport(ANSWER);
  const claims = linkClaims(r.parts, [
    { idx: 1, text: 'queries: 8800\nratio 1.4' },
    { idx: 3, text: 'combined_score 0.918812, runtime_ms 4500' },
    { idx: 5, text: 'queries: 88000 saved 12500' },
  ]);
  const by = Object.fromEntries(claims.map((c) => [`${c.part}:${c.value}`, c.toolCallIdx]));
  expect(by['hypothesis:200']).toBeNull();
  expect(by['hypothesis:8800']).toBe(1);
  expect(by['experiment:1.4']).toBe(1);
  expect(by['experiment:0.9188']).toBe(3);
  expect(by['verdict:4500']).toBe(3);
  expect(by['verdict:3']).toBeNull();
  // "1." is a list ordinal; 2500 is not 12500; "2-opt" and "n=200": 2 is glued to nothing, so it is a number.
  expect(claims.filter((c) => c.part === 'direction').map((c) => c.value)).toEqual(['2500']);
  expect(by['direction:2500']).toBeNull();
  const c = claims.find((x) => x.value === '8800')!;
  expect(c.text).toBe('The 2-opt loop stops early: on n=200 it makes 8800 queries.');
  expect(reportMarkdown(r.parts, claims)).toMatch(/## Hypothesis\nThe 2-opt[\s\S]*\[call 1\]\(#call-1\)/);
});
