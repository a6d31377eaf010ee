// `evoscope judge --judge llm` through the real CLI against the scripted OpenAI-compatible server
// (tests/helpers/scriptedLlm.ts): the configuration from EVOSCOPE_LLM_*, labels from the answers,
// a second run sending no request (the judge cache), a stored run's judgements stored under the
// LLM judge's key with its tokens, the budget cap and a malformed answer marking edits not judged,
// and a clear error when no LLM is configured.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RUBRIC_VERSION } from '../../lib/contracts/taxonomyTypes';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { setSetting } from '../../lib/db/settings';
import { realRunsDir, runCli } from '../helpers/cli';
import { labelsReply, startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../helpers/scriptedLlm';

const SHINKA = path.join(realRunsDir(), 'shinka__UT-AiInfra__cuco__ds-v3-moe');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-judge-llm-cli-'));
const tag = crypto.randomBytes(4).toString('hex');
const models: string[] = [];
const runIds: string[] = [];
let server: ScriptedLlm | null = null;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
});
afterEach(async () => {
  await server?.close();
  server = null;
  for (const k of ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_MODEL', 'EVOSCOPE_LLM_API_KEY']) delete process.env[k];
  await pool().query(`DELETE FROM settings WHERE key = 'llm'`);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await pool().query('DELETE FROM judge_cache WHERE model = ANY($1::text[])', [models]);
  await disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Labels chosen from the diff the judge was sent: an import -> external_dependency, else tuning. */
const byDiff = (q: RecordedRequest): ScriptedReply =>
  /^\+\s*import /m.test(q.diff ?? '') ? labelsReply(['external_dependency', 'composition'], 'adds numpy') : labelsReply(['hyperparameter_tuning'], 'a constant changed');

async function configure(script: ((q: RecordedRequest, i: number) => ScriptedReply) | ScriptedReply[], settings: Record<string, unknown> = {}) {
  server = await startScriptedLlm(script);
  const model = `scripted-cli-${tag}-${models.length}`;
  models.push(model);
  process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
  process.env.EVOSCOPE_LLM_MODEL = model;
  process.env.EVOSCOPE_LLM_API_KEY = 'sk-test-not-a-secret';
  if (Object.keys(settings).length) await setSetting('llm', settings);
  return { server, model };
}

function diffsFile(name: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) =>
    i === 0
      ? { id: `e${i}`, parent: `def f(v):\n    return sum(v)  # ${tag}\n`, child: `import numpy as np\n\ndef f(v):\n    return np.sum(v)  # ${tag}\n` }
      : { id: `e${i}`, parent: `limit = ${i}  # ${tag} ${name}\n`, child: `limit = ${i * 10}  # ${tag} ${name}\n` },
  );
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const lines = (stdout: string) => stdout.trim().split('\n').map((l) => JSON.parse(l));

describe('evoscope judge --judge llm', () => {
  it('labels --diffs input with the configured model, and a second run sends no request', async () => {
    const { server } = await configure(byDiff);
    const file = diffsFile('cache', 3);
    const r = await runCli(['judge', '--diffs', file, '--judge', 'llm', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      { id: 'e0', labels: ['composition', 'external_dependency'] },
      { id: 'e1', labels: ['hyperparameter_tuning'] },
      { id: 'e2', labels: ['hyperparameter_tuning'] },
    ]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0].body).toMatchObject({ temperature: 0, response_format: { type: 'json_object' } });
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-test-not-a-secret');
    expect(r.stderr).not.toContain('sk-test-not-a-secret');

    const again = await runCli(['judge', '--diffs', file, '--judge', 'llm', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(r.stdout);
    expect(server.requests).toHaveLength(3); // all from the cache
    expect(again.stderr).toContain('0 edits asked, 3 from the cache');
  });

  it('judges a stored run, storing every judgement under the LLM judge key with the tokens spent', async () => {
    const { server, model } = await configure(byDiff);
    const imp = await runCli(['import', SHINKA, '--again', '--json', '--name', `judge-llm-cli-${tag}`]);
    expect(imp.code, imp.stderr).toBe(0);
    const { runId } = JSON.parse(imp.stdout.trim());
    runIds.push(runId);

    const r = await runCli(['judge', runId, '--judge', 'llm', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const judge = `llm:${model}@${RUBRIC_VERSION}`;
    expect(out.judge).toBe(judge);
    expect(out.edits).toHaveLength(14);
    const asked = server.requests.length;
    // Edits whose child has its parent's lines are not sent (nothing to judge); every other is.
    const same = out.edits.filter((e: { notJudged?: string }) => e.notJudged).length;
    expect(asked + same).toBe(14);
    expect(asked).toBeGreaterThan(0);
    const { rows } = await pool().query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM edit_judgements WHERE run_id = $1 AND judge = $2 GROUP BY status ORDER BY status',
      [runId, judge],
    );
    expect(rows.reduce((s, x) => s + x.n, 0)).toBe(14);
    const batch = await pool().query('SELECT kind, model, status, prompt_tokens, completion_tokens FROM judge_batches WHERE run_id = $1', [runId]);
    // The scripted server reports 100 prompt and 20 completion tokens per answer.
    expect(batch.rows).toEqual([{ kind: 'llm', model, status: 'done', prompt_tokens: 100 * asked, completion_tokens: 20 * asked }]);
    // The labels figures come from the judged edits only.
    expect(out.labels).toHaveLength(9);

    const again = await runCli(['judge', runId, '--judge', 'llm', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).edits.filter((e: { notJudged?: string }) => !e.notJudged)).toEqual(out.edits.filter((e: { notJudged?: string }) => !e.notJudged));
    // Judged edits are not asked again; not-judged ones are retried but an empty diff never is.
    expect(server.requests).toHaveLength(asked);
  });

  it('stops at the budget cap and marks malformed answers not judged, with the reason', async () => {
    const { server } = await configure(
      (q) => (/limit = 20 /.test(q.diff ?? '') ? { kind: 'content', content: 'this is not JSON' } : byDiff(q)),
      { maxRetries: 0, concurrency: 1, budget: { maxEdits: 3 } },
    );
    const file = diffsFile('budget', 5);
    const r = await runCli(['judge', '--diffs', file, '--judge', 'llm', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((o) => o.id)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
    expect(out[0]).toEqual({ id: 'e0', labels: ['composition', 'external_dependency'] });
    expect(out[1]).toEqual({ id: 'e1', labels: ['hyperparameter_tuning'] });
    // e2 (limit = 2 -> 20) gets a malformed answer and no retry (maxRetries 0).
    expect(out[2].labels).toEqual([]);
    expect(out[2].notJudged).toMatch(/json/i);
    // Three edits is the cap: e3 and e4 are never sent.
    for (const o of out.slice(3)) expect(o).toMatchObject({ labels: [], notJudged: expect.stringContaining('budget reached (3 of at most 3 edits)') });
    expect(server.requests).toHaveLength(3);
    expect(r.stderr).toContain('stopped at the budget cap');

    // agreement leaves the not-judged lines out.
    const labelled = path.join(dir, 'budget-labels.jsonl');
    fs.writeFileSync(labelled, r.stdout);
    const agree = await runCli(['agreement', labelled, labelled, '--json']);
    expect(agree.code, agree.stderr).toBe(0);
    expect(JSON.parse(agree.stdout).n).toBe(2);
  });

  it('says where to configure the LLM when none is', async () => {
    const r = await runCli(['judge', '--diffs', diffsFile('none', 1), '--judge', 'llm', '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no LLM is configured: set EVOSCOPE_LLM_BASE_URL');
    expect(r.stdout).toBe('');
  });
});
