// The 'diagnose' experiment (issue 13 items 3-4, "What it must show": tests with the scripted
// OpenAI-compatible server that issues tool calls). A tiny C++ run of the demo's AHC routing task
// with its real evaluator attached, judged by the offline judge. The scripted agent:
//  - runs code in the sandbox (a Python probe whose printed number, computed only inside bwrap,
//    ends up in the report), evaluates the diagnosed program, compiles it, reads stored results;
//    its report quotes those numbers and each claim links to the call that printed it;
//  - a hostile agent (unknown tools, bad JSON, a huge output, endless calls) and a looping one
//    (tokens) are stopped by the bounds with bounds.stoppedBy set, the experiment finishing;
//  - a diagnosis interrupted mid-conversation resumes by re-feeding its stored exchanges;
//  - `evoscope diagnose --json` end to end, whose prompt carries the previous report;
//  - POST /api/runs/:runId/diagnoses answers 202 with the experiment on the best program.
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as diagnosesRoute from '../../app/api/runs/[runId]/diagnoses/route';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { getDiagnosis, listDiagnoses, upsertAuxValues } from '../../lib/db/diagnoses';
import { attachEvaluator } from '../../lib/db/evaluators';
import { createDiagnoseExperiment } from '../../lib/services/experiments/diagnose';
import { cancelExperiment, getExperiment, listCalls, resumeExperiment } from '../../lib/db/experiments';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { demoEvaluatorBundle } from '../../lib/services/demo/evaluators/bundles';
import { seed } from '../../lib/services/demo/programs/cppCode';
import type { DiagnoseExperimentReport, DiagnosisView } from '../../lib/trace/diagnosis';
import { evaluateProgram } from '../../lib/sandbox/evaluators/evaluate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';
import { startScriptedLlm, toolsReply, type Script, type ScriptedLlm } from '../helpers/scriptedLlm';

const { runIds } = useTestDatabase({ after: releaseJobClient });
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const LLM_ENV = ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_MODEL', 'EVOSCOPE_LLM_API_KEY', 'EVOSCOPE_LLM_RETRY_BASE_MS'];

const SEED = `${seed.join('\n')}\n`;
const variant = (iters: number) => SEED.replace('const int MAX_ITERS = 150000;', `const int MAX_ITERS = ${iters};`);
const PROBE = 'print(sum(i * i for i in range(1000)))'; // 332833500, computed only inside the sandbox
let runId: string;
let ids: Record<string, string>;
let seedScore: number;

let server: ScriptedLlm | null = null;
async function useServer(script: Script) {
  await server?.close();
  server = await startScriptedLlm(script);
  process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
  process.env.EVOSCOPE_LLM_MODEL = 'scripted-model';
  process.env.EVOSCOPE_LLM_API_KEY = 'sk-test-not-a-secret';
  process.env.EVOSCOPE_LLM_RETRY_BASE_MS = '5';
  return server;
}
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(() => {
  for (const k of LLM_ENV) delete process.env[k];
});

beforeAll(async () => {
  const o = await evaluateProgram(demoEvaluatorBundle('ahc_routing'), { source: SEED, language: 'cpp' });
  expect(o.status, o.stderr).toBe('ok');
  seedScore = o.score!;
  runId = await createLiveRun({ name: `diagnose ${crypto.randomUUID().slice(0, 8)}`, framework: 'openevolve', scoreMetric: 'combined_score', language: 'cpp' });
  runIds.push(runId);
  const prog = (externalId: string, generation: number, code: string, score: number | null, parent: string | null) => ({
    externalId, code, iteration: generation, generation, valid: score !== null, score: score ?? undefined,
    metrics: score === null ? { combined_score: -1000 } : { combined_score: score }, parents: parent ? [{ externalId: parent }] : [],
  });
  await appendPrograms(runId, [
    prog('g0', 0, SEED, seedScore, null),
    prog('g1', 1, variant(100000), seedScore - 0.01, 'g0'),
    // The plateau's best: not the latest program.
    prog('g2', 2, SEED.replace('// AHC-style routing', '// AHC routing'), seedScore + 0.001, 'g0'),
    prog('g3', 3, variant(90000), seedScore - 0.02, 'g1'),
    prog('g4', 4, SEED.replace('return tour;', 'return {};'), null, 'g2'),
  ]);
  const { rows } = await pool().query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  ids = Object.fromEntries(rows.map((r) => [r.external_id, r.id]));
  await attachEvaluator(pool(), runId, { ...demoEvaluatorBundle('ahc_routing'), origin: 'demo' });
  const judged = await runCli(['judge', runId, '--judge', 'offline', '--json']);
  expect(judged.code, judged.stderr).toBe(0);
}, 240_000);

const toolTexts = (body: { messages?: { role: string; content: string }[] } | null) => (body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => m.content);

let firstDiagnosis: DiagnosisView;

describe('a diagnosis', () => {
  it('runs code in the sandbox, links the report numbers to the tool calls that printed them, evaluates the candidate, queues the aux run', { timeout: 300_000 }, async () => {
    const candidate = variant(300000);
    const s = await useServer((req, i) => {
      if (i === 0) {
        return toolsReply([
          { name: 'run_program', arguments: { source: PROBE, language: 'python' } },
          { name: 'evaluate_program', arguments: {} },
          { name: 'compile_program', arguments: {} },
          { name: 'read_test_results', arguments: { program: 'g1' } },
        ], { prompt: 3000, completion: 200 });
      }
      const [run, evaluated] = toolTexts(req.body);
      const printed = /stdout \(\d+ bytes\):\n(\d+)/.exec(run)![1];
      const score = Number(/score: ([-\d.e]+)/.exec(evaluated)![1]);
      return {
        kind: 'content',
        usage: { prompt: 5000, completion: 800 },
        content: [
          `## Hypothesis\nThe annealing budget is too small: the best program scores ${score.toFixed(4)} and gains stopped.`,
          `## Experiment\nA probe in the sandbox printed ${printed}. The evaluator re-scored the program at ${score}.`,
          '## Verdict\nConfirmed; the latest variant would need 8800 more iterations.',
          '## Direction\nRaise MAX_ITERS and keep the 2-opt moves.',
          '```auxiliary_metrics.py\nimport os\n\ndef evaluate_aux(results_dir, primary_result=None):\n    code = os.path.join(results_dir, "main.cpp")\n    return {"lines": float(len(open(code).read().splitlines()))}\n```',
          `\`\`\`agent_candidate\n${candidate}\`\`\``,
        ].join('\n'),
      };
    });
    const x = await createDiagnoseExperiment(runId, { atGeneration: 4, maxToolCalls: 6 });
    expect(x).toMatchObject({ kind: 'diagnose', status: 'queued', programId: ids.g2 });
    const done = await runExperiment(x.id);
    expect(done?.status, done?.error ?? '').toBe('done');
    const result = done!.result as DiagnoseExperimentReport;
    expect(result).toMatchObject({ kind: 'diagnose', triggerGeneration: 4, toolCalls: 4, tokens: 9000, stoppedBy: null });

    // The task message: best-gen targeting, history, change log with edit types, compile command, tools.
    const task = s.requests[0].body!.messages![1].content;
    expect(task).toContain('program g2 (generation 2');
    expect(task).toContain('Compile command: g++ -O2 -std=gnu++17 main.cpp -o /tmp/binary');
    expect(task).toMatch(/- gen 3 g3: [a-z_, ]+ -> -0\.01/);
    expect(task).toContain('Previous diagnostic: none');
    expect(s.requests[0].body!.tools).toHaveLength(4);

    const calls = await listCalls(x.id, { logs: true });
    expect(calls.map((c) => c.phase)).toEqual(['llm', 'tool:run_program', 'tool:evaluate_program', 'tool:compile_program', 'tool:read_test_results', 'llm', 'candidate']);
    const probe = calls[1];
    expect(probe).toMatchObject({ status: 'ok', sandboxStatus: 'ok' });
    expect(probe.wallMs).toBeGreaterThan(0);
    expect(probe.output).toContain('332833500');
    expect(calls[2].score).toBeCloseTo(seedScore, 9);
    expect(calls[3].output).toMatch(/^compiled: g\+\+ -O2 -std=gnu\+\+17/);
    expect(calls[4].output).toMatch(/^program g1: score/);
    expect(calls[0].requestSha).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0].responseSha).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0].llm).toMatchObject({ promptTokens: 3000, completionTokens: 200 });

    const d = (await getDiagnosis(runId, result.diagnosisId!))!;
    firstDiagnosis = d;
    expect(d).toMatchObject({ origin: 'evoscope', experimentId: x.id, triggerGeneration: 4, programId: ids.g2 });
    const claim = (v: string) => d.report.claims.find((c) => c.value === v);
    expect(claim('332833500')).toMatchObject({ part: 'experiment', toolCallIdx: 1 });
    expect(claim(seedScore.toFixed(4))).toMatchObject({ part: 'hypothesis', toolCallIdx: 2 });
    expect(claim(String(seedScore))).toMatchObject({ toolCallIdx: 2 });
    expect(claim('8800')).toMatchObject({ part: 'verdict', toolCallIdx: null });
    expect(d.reportMd).toContain('[call 1](#call-1)');
    expect(d.report.bounds).toEqual({ toolCalls: 4, maxToolCalls: 6, tokens: 9000, maxTokens: 60000, stoppedBy: null });
    expect(d.report.changeLog.map((e) => e.externalId)).toEqual(['g0', 'g1', 'g2', 'g3', 'g4']);
    expect(d.report.changeLog.find((e) => e.externalId === 'g1')!.delta).toBeCloseTo(-0.01, 9);
    expect(d.report.changeLog.find((e) => e.externalId === 'g1')!.editTypes.length).toBeGreaterThan(0);

    const cand = d.report.agentCandidate!;
    expect(cand.status).toBe('ok');
    expect(cand.score).toBe(calls[6].score);
    expect(cand.bestScore).toBeCloseTo(seedScore + 0.001, 9);
    expect(cand.gain).toBeCloseTo(cand.score! - cand.bestScore!, 12);
    expect(d.agentCandidateSha).toMatch(/^[0-9a-f]{64}$/);
    expect(d.auxScriptSha).toMatch(/^[0-9a-f]{64}$/);
    const aux = (await getExperiment(runId, result.auxExperimentId!))!;
    expect(aux).toMatchObject({ kind: 'aux', params: { kind: 'aux', diagnosisId: d.id } });
    await cancelExperiment(runId, aux.id);
  });

  it('stops a hostile agent (unknown tools, bad JSON, a huge output, endless calls) at the tool-call bound', { timeout: 300_000 }, async () => {
    const s = await useServer(() =>
      toolsReply([
        { name: 'rm_rf_everything', arguments: {} },
        { name: 'run_program', arguments: '{"source": "print(1)", ' },
        { name: 'run_program', arguments: { source: "import sys\nsys.stdout.write('x' * 5_000_000)", language: 'python' } },
        { name: 'run_program', arguments: { stdin: 42, files: [{ path: 'big', content: 'y'.repeat(30_000) }] } },
      ]),
    );
    const x = await createDiagnoseExperiment(runId, { atGeneration: 4, maxToolCalls: 6 });
    const t0 = Date.now();
    const done = await runExperiment(x.id);
    expect(Date.now() - t0).toBeLessThan(120_000);
    expect(done?.status, done?.error ?? '').toBe('done');
    const d = (await getDiagnosis(runId, (done!.result as DiagnoseExperimentReport).diagnosisId!))!;
    expect(d.report.bounds).toMatchObject({ toolCalls: 6, maxToolCalls: 6, stoppedBy: 'tool-calls' });
    // Two rounds of tool calls, then one wrap-up exchange offered no tools; the model kept calling, so it stopped.
    expect(s.requests).toHaveLength(3);
    expect(s.requests[2].body!.tools).toBeUndefined();
    const calls = await listCalls(x.id, { logs: true });
    const tools = calls.filter((c) => c.phase.startsWith('tool:'));
    expect(tools).toHaveLength(6);
    expect(tools[0]).toMatchObject({ phase: 'tool:unknown', status: 'refused' });
    expect(tools[1]).toMatchObject({ phase: 'tool:run_program', status: 'refused' });
    expect(tools[1].output).toMatch(/not JSON/);
    expect(tools[2].output!.length).toBeLessThan(6500);
    expect(tools[2].output).toMatch(/characters cut/);
    expect(tools[3].output).toMatch(/^error: bad arguments for run_program: stdin/);
    expect(tools[3].input).toMatchObject({ truncated: true });
    expect(JSON.stringify(tools[3].input).length).toBeLessThan(3000);
    for (const q of s.requests) for (const t of toolTexts(q.body)) expect(t.length).toBeLessThan(6500);
    expect(d.report.missing).toContain('the agent gave no final answer');
  });

  it('stops a looping agent at the token bound (a first diagnosis with k = 2 logs the last 2 generations)', { timeout: 300_000 }, async () => {
    const s = await useServer(() => toolsReply([{ name: 'compile_program', arguments: {} }], { prompt: 30_000, completion: 5_000 }));
    const x = await createDiagnoseExperiment(runId, { atGeneration: 4, k: 2, maxToolCalls: 100, maxTokens: 100_000 });
    const done = await runExperiment(x.id);
    expect(done?.status, done?.error ?? '').toBe('done');
    const result = done!.result as DiagnoseExperimentReport;
    expect(result.stoppedBy).toBe('tokens');
    expect(s.requests.length).toBeLessThanOrEqual(3);
    const d = (await getDiagnosis(runId, result.diagnosisId!))!;
    expect(d.report.bounds).toMatchObject({ stoppedBy: 'tokens', maxTokens: 100_000 });
    expect(d.report.bounds!.tokens).toBeGreaterThanOrEqual(100_000);
    expect(d.report.bounds!.tokens).toBeLessThanOrEqual(105_000);
    // Diagnoses made before this one are at generation 4 too, so none is "previous": the window is the last k generations.
    expect(d.report.changeLog.map((e) => e.externalId)).toEqual(['g3', 'g4']);
    expect(s.requests[0].body!.messages![1].content).toContain('after generation 2 (the last 2 generations) up to 4');
  });

  it('stops at the wall-clock cap, cutting a sandbox run and an LLM call in flight', { timeout: 120_000 }, async () => {
    process.env.EVOSCOPE_DIAGNOSIS_WALL_MS = '2000';
    try {
      await useServer([toolsReply([{ name: 'run_program', arguments: { source: 'import time\ntime.sleep(50)', language: 'python', timeout_seconds: 60 } }])]);
      const t0 = Date.now();
      const done = await runExperiment((await createDiagnoseExperiment(runId, { atGeneration: 4 })).id);
      expect(Date.now() - t0).toBeLessThan(20_000);
      expect(done?.status, done?.error ?? '').toBe('done');
      const result = done!.result as DiagnoseExperimentReport;
      expect(result.stoppedBy).toBe('time');
      const calls = await listCalls(done!.id, { logs: true });
      expect(calls[1].output).toMatch(/^not finished: the wall-clock cap/);
      // A hanging LLM is cut too.
      await useServer([{ kind: 'content', content: 'late', delayMs: 60_000 }]);
      const t1 = Date.now();
      const hung = await runExperiment((await createDiagnoseExperiment(runId, { atGeneration: 4 })).id);
      expect(Date.now() - t1).toBeLessThan(20_000);
      expect(hung!.result).toMatchObject({ stoppedBy: 'time' });
    } finally {
      delete process.env.EVOSCOPE_DIAGNOSIS_WALL_MS;
    }
  });

  it.each(['a cancel then --resume', 'a worker shutdown then restart'])('resumes a diagnosis interrupted by %s by re-feeding its stored exchanges (no stored call asked or run again)', { timeout: 300_000 }, async (how) => {
    let cancelNow: () => void = () => {};
    const reached = new Promise<void>((resolve) => (cancelNow = resolve));
    const s = await useServer((req, i) => {
      if (i === 0) return toolsReply([{ name: 'run_program', arguments: { source: PROBE, language: 'python' } }]);
      if (i === 1) {
        cancelNow();
        return { kind: 'content', content: 'never sent', delayMs: 60_000 };
      }
      const printed = /stdout \(\d+ bytes\):\n(\d+)/.exec(toolTexts(req.body)[0])![1];
      return { kind: 'content', content: `## Hypothesis\nh\n## Experiment\nThe probe printed ${printed}.\n## Verdict\nv\n## Direction\nd` };
    });
    const x = await createDiagnoseExperiment(runId, { atGeneration: 4, auxMetrics: false, agentCandidate: false });
    const shutdown = new AbortController();
    const first = runExperiment(x.id, { pollMs: 100, signal: shutdown.signal });
    await reached;
    if (how.includes('cancel')) {
      await cancelExperiment(runId, x.id);
      expect((await first)?.status).toBe('cancelled');
    } else {
      // The worker's task gets its abort signal on shutdown: the experiment stays running, to be picked up again.
      shutdown.abort();
      expect(await first).toMatchObject({ status: 'running', interrupted: true });
    }
    const before = await listCalls(x.id);
    expect(before.map((c) => c.phase)).toEqual(['llm', 'tool:run_program']);
    // What the agent was given stays what the report says, even if the run's labels change meanwhile.
    const given = (await listCalls(x.id)).find((c) => c.idx === 0)!.facts!.changeLog as DiagnosisView['report']['changeLog'];
    await pool().query('UPDATE edit_judgements SET labels = $3 WHERE run_id = $1 AND child_id = $2', [runId, ids.g3, [`tampered ${how}`]]);
    if (how.includes('cancel')) await resumeExperiment(runId, x.id);
    const done = await runExperiment(x.id);
    expect(done?.status, done?.error ?? '').toBe('done');
    expect(s.requests).toHaveLength(3);
    // The resumed conversation is the interrupted one, re-fed from the stored rows.
    expect(s.requests[2].body!.messages).toEqual(s.requests[1].body!.messages);
    const after = await listCalls(x.id);
    expect(after.map((c) => c.phase)).toEqual(['llm', 'tool:run_program', 'llm']);
    expect(after[1].createdAt).toBe(before[1].createdAt);
    const d = (await getDiagnosis(runId, (done!.result as DiagnoseExperimentReport).diagnosisId!))!;
    expect(d.report.claims.find((c) => c.value === '332833500')).toMatchObject({ toolCallIdx: 1 });
    expect(d.report.changeLog).toEqual(given);
    expect(given.find((e) => e.externalId === 'g3')!.editTypes).not.toContain(`tampered ${how}`);
  });
});

describe('evoscope diagnose --json and the API', () => {
  it('diagnoses the window after the previous diagnosis, with its report in the prompt', { timeout: 300_000 }, async () => {
    await appendPrograms(runId, [
      { externalId: 'g5', code: variant(120000), iteration: 5, generation: 5, valid: true, score: seedScore - 0.005, metrics: { combined_score: seedScore - 0.005 }, parents: [{ externalId: 'g2' }] },
      { externalId: 'g6', code: variant(110000), iteration: 6, generation: 6, valid: true, score: seedScore - 0.006, metrics: { combined_score: seedScore - 0.006 }, parents: [{ externalId: 'g5' }] },
    ]);
    // The previous diagnosis has aux values: their history goes into the task message.
    const previous = (await listDiagnoses(runId)).filter((x) => x.triggerGeneration === 4).at(-1)!;
    expect(previous.id).not.toBe(firstDiagnosis.id);
    await upsertAuxValues(pool(), runId, previous.id, [
      { programId: ids.g1, status: 'ok', values: { tour_ratio: 1.25 } },
      { programId: ids.g3, status: 'timeout', values: null, error: 'killed' },
    ]);
    const s = await useServer((req, i) =>
      i === 0
        ? toolsReply([{ name: 'run_program', arguments: { stdin: '4\n0 0\n0 10\n10 10\n10 0\n' } }])
        : { kind: 'content', content: `## Hypothesis\nh\n## Experiment\n${/wall time: (\d+) ms/.exec(toolTexts(req.body)[0])![1]} ms on 4 points.\n## Verdict\nv\n## Direction\nd` },
    );
    const res = await runCli(['diagnose', runId, '--at', '6', '--max-tool-calls', '3', '--max-tokens', '50000', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines, res.stderr).toHaveLength(1);
    const out = JSON.parse(lines[0]);
    expect(out).toMatchObject({ status: 'done', result: { kind: 'diagnose', triggerGeneration: 6, toolCalls: 1 } });
    // The best of generations 5-6 (the window after the previous diagnosis), not the run's best g2.
    expect(out.diagnosis).toMatchObject({ origin: 'evoscope', triggerGeneration: 6, programExternalId: 'g5' });
    expect(out.diagnosis.report.bounds).toMatchObject({ maxToolCalls: 3, maxTokens: 50000, toolCalls: 1 });
    expect(out.diagnosis.report.changeLog.map((e: { externalId: string }) => e.externalId)).toEqual(['g5', 'g6']);
    expect(out.calls.map((c: { phase: string }) => c.phase)).toEqual(['llm', 'tool:run_program', 'llm']);
    expect(out.calls[1].output).toMatch(/stdout \(\d+ bytes\):\n[0-3] [0-3] [0-3] [0-3]/);
    expect(out.diagnosis.report.claims[0]).toMatchObject({ part: 'experiment', toolCallIdx: 1 });
    const task = s.requests[0].body!.messages![1].content;
    expect(task).toContain('Previous diagnostic (trigger generation 4)');
    // The previous report: the latest diagnosis triggered before generation 6.
    expect(task).toContain(previous.reportMd);
    expect(task).toContain('generation | programs | best | best so far | tour_ratio');
    expect(task).toMatch(/\n1 \| 1 \| [\d.]+ \| [\d.]+ \| 1\.25\n/);
    expect(task).toMatch(/\n3 \| 1 \| [\d.]+ \| [\d.]+ \| -\n/);
    expect(task).toContain('since the previous diagnosis (generations 5 to 6)');
    expect(res.stderr).toMatch(/diagnosis [0-9a-f-]{36}: 1 tool call/);
  });

  it('fails with the reason when no LLM is configured or the LLM refuses the request', { timeout: 120_000 }, async () => {
    for (const k of LLM_ENV) delete process.env[k];
    const none = await runExperiment((await createDiagnoseExperiment(runId, { atGeneration: 4 })).id);
    expect(none).toMatchObject({ status: 'failed' });
    expect(none!.error).toMatch(/^no LLM is configured/);
    await useServer([{ kind: 'status', status: 401, message: 'bad key' }]);
    const refused = await runExperiment((await createDiagnoseExperiment(runId, { atGeneration: 4 })).id);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused!.error).toMatch(/^the LLM refused the request: HTTP 401/);
    expect(refused!.error).not.toContain('sk-test-not-a-secret');
  });

  async function post(id: string, body: unknown) {
    const req = new NextRequest(`http://${host}/api/runs/${id}/diagnoses`, { method: 'POST', headers: { host, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await diagnosesRoute.POST(req, { params: Promise.resolve({ runId: id }) });
    return { status: res.status, body: await res.json() };
  }

  it('POST /api/runs/:runId/diagnoses queues a diagnosis of the best program (202), checks its body, 404s an unknown run', async () => {
    const r = await post(runId, { atGeneration: 4, maxToolCalls: 5 });
    expect(r.status).toBe(202);
    expect(r.body.experiment).toMatchObject({ kind: 'diagnose', status: 'queued', programId: ids.g2, params: { kind: 'diagnose', atGeneration: 4, maxToolCalls: 5, maxTokens: 60000, k: 5 } });
    await cancelExperiment(runId, r.body.experiment.id);
    expect((await post(runId, { maxToolCalls: 0 })).status).toBe(400);
    expect((await post(crypto.randomUUID(), {})).status).toBe(404);
  });
});
