// The knobs route through its handlers (issue 11): GET is the offline proposal of the program's
// code (the demo programs' knobs), POST { source: 'llm' } is the B.9 proposal from the scripted
// OpenAI-compatible server, 409 naming where to configure an LLM when none is, and the program's
// language checked (only Python and C/C++ have parsers).
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as knobsRoute from '../../app/api/runs/[runId]/programs/[programId]/knobs/route';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { LLM_NOT_CONFIGURED } from '../../lib/db/judgeBatches';
import { seed as cppSeed } from '../../lib/services/demo/programs/cppCode';
import { seed as pySeed } from '../../lib/services/demo/programs/pythonCode';
import { knobSchema } from '../../lib/contracts/interventionTypes';
import { KNOB_SYSTEM_PROMPT } from '../../lib/interventions/knobs/prompt';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { useTestDatabase } from '../helpers/dbTest';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scriptedLlm';

const { runIds } = useTestDatabase({ after: () => releaseJobClient() });
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const LLM_ENV = ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_MODEL', 'EVOSCOPE_LLM_API_KEY'];
const savedEnv = Object.fromEntries(LLM_ENV.map((k) => [k, process.env[k]]));

beforeAll(() => {
  for (const k of LLM_ENV) delete process.env[k];
});
afterAll(() => {
  for (const k of LLM_ENV) if (savedEnv[k] === undefined) delete process.env[k];
  else process.env[k] = savedEnv[k];
});

let server: ScriptedLlm | null = null;
afterEach(async () => {
  for (const k of LLM_ENV) delete process.env[k];
  await server?.close();
  server = null;
});

async function call(method: 'GET' | 'POST', runId: string, programId: string, body?: unknown) {
  const handler = knobsRoute[method] as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const headers: Record<string, string> = { host };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const req = new NextRequest(`http://${host}/api/runs/${runId}/programs/${programId}/knobs`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const res = await handler(req, { params: Promise.resolve({ runId, programId }) });
  return { status: res.status, body: await res.json() };
}

/** A run holding one program with this code; its id and the program's. */
async function programRun(code: string, language: string) {
  const runId = await createLiveRun({ name: `knobs ${crypto.randomUUID().slice(0, 8)}`, framework: 'openevolve', scoreMetric: 'combined_score', language });
  runIds.push(runId);
  await appendPrograms(runId, [{ externalId: 'seed', code, iteration: 0, valid: true, score: 1, metrics: { combined_score: 1 }, parents: [] }]);
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1', [runId]);
  return { runId, programId: rows[0].id };
}

describe('GET knobs: the offline proposal', () => {
  it('the circle-packing demo program: its step, budget, cooling and layout knobs, the excluded literals with their rules, the rules table', async () => {
    const { runId, programId } = await programRun(pySeed.join('\n') + '\n', 'python');
    const res = await call('GET', runId, programId);
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('python');
    expect(res.body.knobs.map((k: { name: string }) => k.name)).toEqual([
      'learning_rate', 'n_iters', 'cooling_rate', 'penalty_weight', 'border_margin', 'inner_ring', 'outer_ring', 'inner',
    ]);
    for (const k of res.body.knobs) knobSchema.parse(k);
    expect(res.body.excluded).toContainEqual({ literal: '26', line: 5, rule: 'problem-constant' });
    const ruleIds = res.body.rules.map((r: { id: string }) => r.id);
    for (const e of res.body.excluded) expect(ruleIds).toContain(e.rule);
  });

  it('the AHC demo program (C++): the annealing budget and temperatures', async () => {
    const { runId, programId } = await programRun(cppSeed.join('\n') + '\n', 'cpp');
    const res = await call('GET', runId, programId);
    expect(res.status).toBe(200);
    expect(res.body.knobs.map((k: { name: string; value: number }) => [k.name, k.value])).toEqual([['max_iters', 150000], ['t0', 2000], ['t1', 10]]);
  });

  it('a language without a parser is refused with the program named; an unknown program is a 404', async () => {
    const { runId, programId } = await programRun('fn main() { let x = 0.5; }\n', 'rust');
    const res = await call('GET', runId, programId);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('program seed is written in "rust": knobs can be found in Python and C/C++ programs only');
    expect((await call('GET', runId, crypto.randomUUID())).status).toBe(404);
  });
});

describe('POST knobs { source: "llm" }: the B.9 proposal', () => {
  it('409 naming where to configure the LLM when none is', async () => {
    const { runId, programId } = await programRun(pySeed.join('\n') + '\n', 'python');
    const res = await call('POST', runId, programId, { source: 'llm' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(LLM_NOT_CONFIGURED);
  });

  it('asks the configured model with the B.9 prompt and returns the validated knobs and the dropped specs', async () => {
    const { runId, programId } = await programRun(pySeed.join('\n') + '\n', 'python');
    server = await startScriptedLlm([
      {
        kind: 'answer',
        answer: {
          hparams: [
            { name: 'learning_rate', source_literal: '0.05', context_line: 'LEARNING_RATE = 0.05  # initial step of the update', default: 0.05, low: 0.0005, high: 5, scale: 'log', kind: 'float', rationale: 'step size' },
            { name: 'n_iters', source_literal: '1500', context_line: 'N_ITERS = 1500', default: 1500, low: 300, high: 7500, scale: 'log', kind: 'int', rationale: 'iteration budget' },
            { name: 'pi', source_literal: '3.14159', context_line: 'PI = 3.14159', default: 3.14159, low: 3, high: 4, scale: 'linear', kind: 'float', rationale: 'not there' },
          ],
        },
      },
    ]);
    process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
    process.env.EVOSCOPE_LLM_MODEL = 'scripted-model';
    const res = await call('POST', runId, programId, { source: 'llm' });
    expect(res.status).toBe(200);
    expect(res.body.knobs.map((k: { name: string; origin: string; line: number }) => [k.name, k.origin, k.line])).toEqual([
      ['learning_rate', 'llm', 6],
      ['n_iters', 'llm', 7],
    ]);
    expect(res.body.dropped).toEqual([{ name: 'pi', reason: 'its source_literal "3.14159" does not occur in the program' }]);
    expect(server.requests[0].body!.messages![0].content).toBe(KNOB_SYSTEM_PROMPT);
  });

  it('refuses any other body (the offline proposal is GET)', async () => {
    const { runId, programId } = await programRun('x = 0.5\n', 'python');
    const res = await call('POST', runId, programId, { source: 'offline' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/source must be "llm"/);
  });
});
