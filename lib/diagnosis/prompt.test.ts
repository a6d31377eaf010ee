import { expect, it } from 'vitest';
import { compileCommand, diagnosisMessages, type DiagnosisPromptInput } from './prompt';

const base: DiagnosisPromptInput = {
  run: { name: 'demo', framework: 'openevolve', scoreMetric: 'combined_score', higherIsBetter: true },
  program: { externalId: 'best7', generation: 7, score: 0.91, language: 'cpp', source: 'int main(){}', programFile: 'main.cpp' },
  triggerGeneration: 9,
  fromGeneration: 4,
  previous: { triggerGeneration: 4, reportMd: '## Hypothesis\nPREVIOUS REPORT TEXT' },
  scoreHistory: [{ generation: 8, programs: 3, best: 0.9, bestSoFar: 0.91 }],
  auxHistory: [{ generation: 8, values: { runtime_ms: 4500 } }],
  changeLog: 'CHANGE LOG TEXT',
  evaluator: 'openevolve contract, evaluator.py, seeds.txt',
  maxToolCalls: 12,
  wants: { auxMetrics: true, agentCandidate: true },
};

it('the task message holds the code, histories, previous report, change log, compile command, tools and output format', () => {
  const [system, user] = diagnosisMessages(base);
  expect(system.role).toBe('system');
  expect(system.content).toMatch(/Trivial Metric Test/);
  const u = user.content;
  expect(u).toContain('program best7 (generation 7, score 0.91), the best program since the previous diagnosis (generations 5 to 9)');
  expect(u).toContain('```cpp\nint main(){}\n```');
  expect(u).toContain('Compile command: g++ -O2 -std=gnu++17 main.cpp -o /tmp/binary');
  expect(u).toContain('generation | programs | best | best so far | runtime_ms');
  expect(u).toContain('8 | 3 | 0.9 | 0.91 | 4500');
  expect(u).toContain('PREVIOUS REPORT TEXT');
  expect(u).toContain('CHANGE LOG TEXT');
  for (const t of ['run_program', 'compile_program', 'evaluate_program', 'read_test_results']) expect(u).toContain(t);
  for (const h of ['## Hypothesis', '## Experiment', '## Verdict', '## Direction']) expect(u).toContain(h);
  expect(u).toContain('evaluate_aux(results_dir, primary_result=None)');
  expect(u).toContain("os.path.join(results_dir, 'main.cpp'); never a results/ subdirectory");
  expect(u).toContain('```agent_candidate');
});

it('without a previous report, aux history, aux or candidate requests, it says so and asks for neither', () => {
  const [, user] = diagnosisMessages({ ...base, previous: null, fromGeneration: null, auxHistory: null, wants: { auxMetrics: false, agentCandidate: false }, program: { ...base.program, language: 'python', programFile: 'program.py' } });
  expect(user.content).toContain('Previous diagnostic: none');
  expect(user.content).toContain('the best program up to generation 9');
  expect(user.content).not.toContain('auxiliary_metrics.py');
  expect(user.content).not.toContain('agent_candidate');
  expect(user.content).not.toContain('runtime_ms');
  expect(compileCommand('python', 'program.py')).toBeNull();
});
