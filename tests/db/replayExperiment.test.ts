// Replay through the real CLI (issue 11, "What it must show", bullet 3): a program of the
// Python demo run (OpenEvolve diff mode, its prompt stored) replayed 8 times against the
// scripted OpenAI-compatible server answering a known mix:
//   3 x the ORIGINAL reply (the stored SEARCH/REPLACE blocks: they rebuild the program byte for byte),
//   2 x a DIFFERENT valid program (blocks turning the parent into another program of the run),
//   2 x an UNPARSABLE reply (prose, no diff blocks),
//   1 x a program that FAILS evaluation (it kills the evaluator process: no score at all).
// So: parse success 6/8, evaluation success 5/8, exact match 3/8, and the score ratio is
// mean(3 x original, 2 x other) / original, with the scores the run recorded (the demo programs
// are deterministic: each re-runs to its recorded score, tests/db/demoEvaluators.test.ts).
// Then a resumed replay asks the model only for the trials it has not stored.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as replaysRoute from '../../app/api/runs/[runId]/replays/route';
import * as targetsRoute from '../../app/api/runs/[runId]/replay-targets/route';
import type { ReplaysResponse, ReplayTargetsResponse } from '../../lib/contracts/api/replaySchemas';
import { NO_LLM, NO_PROMPT } from '../../lib/services/experiments/replay';
import { setEvaluationConcurrency } from '../../lib/db/evaluationBatches';
import { cancelExperiment, createExperiment, getExperiment } from '../../lib/db/experiments';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { diffBlocks } from '../../lib/services/demo/diffBlocks';
import { loadDemoData } from '../../lib/services/demo/loadDemoData';
import { applyReply } from '../../lib/interventions/replay/parse';
import { STRICT_DIFF_REMINDER } from '../../lib/interventions/replay/variants';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { runCli } from '../helpers/cli';
import { startScriptedLlm, type ScriptedLlm, type ScriptedReply } from '../helpers/scriptedLlm';

let loaded: { runId: string; name: string }[] = [];
let server: ScriptedLlm | null = null;

interface Target {
  runId: string;
  programId: string;
  source: string;
  score: number;
  system: string;
  user: string;
  response: string;
  parentSource: string;
  other: { source: string; score: number };
}
let target: Target;

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
  ({ loaded } = await loadDemoData({ log: () => {}, force: true }));
  const runId = loaded.find((r) => r.name.includes('Python'))!.runId;
  // A valid diff-mode child with a recorded score, its prompt and its first parent.
  const { rows } = await pool().query<{ id: string; content: string; score: number; system: string; user: string; response: string; parent: string; parent_score: number }>(
    `SELECT p.id, b.content, p.score, s.content AS system, u.content AS "user", r.content AS response, pb.content AS parent, pp.score AS parent_score
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
     JOIN contexts c ON c.program_id = p.id AND c.kind = 'diff_user'
     JOIN blobs s ON s.sha256 = c.system_sha JOIN blobs u ON u.sha256 = c.user_sha JOIN blobs r ON r.sha256 = c.response_sha
     JOIN edges e ON e.child_id = p.id AND e.ordinal = 0 JOIN programs pp ON pp.id = e.parent_id JOIN blobs pb ON pb.sha256 = pp.code_sha
     WHERE p.run_id = $1 AND p.valid AND p.score > 0 AND pp.score IS NOT NULL AND p.score <> pp.score
     ORDER BY p.seq LIMIT 1`,
    [runId],
  );
  const t = rows[0];
  // Another valid program with a different score: what the "different" replies turn the parent into.
  const other = await pool().query<{ content: string; score: number }>(
    `SELECT b.content, p.score FROM programs p JOIN blobs b ON b.sha256 = p.code_sha
     WHERE p.run_id = $1 AND p.valid AND p.score > 0 AND p.score <> $2 AND b.content <> $3 AND b.content <> $4 ORDER BY p.seq LIMIT 1`,
    [runId, t.score, t.content, t.parent],
  );
  target = {
    runId, programId: t.id, source: t.content, score: t.score, system: t.system, user: t.user, response: t.response, parentSource: t.parent,
    other: { source: other.rows[0].content, score: other.rows[0].score },
  };
}, 1_800_000);

afterAll(async () => {
  await server?.close();
  for (const k of ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_MODEL', 'EVOSCOPE_LLM_API_KEY']) delete process.env[k];
  // Leave the database as other test files expect it: no demo runs, demo not marked loaded.
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [loaded.map((r) => r.runId)]);
  await pool().query("DELETE FROM settings WHERE key = 'demo.loaded'");
  await releaseJobClient();
  await disconnect();
});

const asBlocks = (from: string, to: string) =>
  diffBlocks(from.split('\n'), to.split('\n'))
    .map(([s, r]) => `<<<<<<< SEARCH\n${s}\n=======\n${r}\n>>>>>>> REPLACE`)
    .join('\n\n');
const content = (text: string): ScriptedReply => ({ kind: 'content', content: text, usage: { prompt: 1000, completion: 200 } });

function replies() {
  const original = content(target.response);
  const different = content(`A better approach.\n\n${asBlocks(target.parentSource, target.other.source)}\n`);
  const unparsable = content('The program looks fine to me; I would not change anything.');
  const failing = content(`Try this.\n\n${asBlocks(target.parentSource, `import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n${target.parentSource}`)}\n`);
  return { original, different, unparsable, failing };
}

async function useServer(script: ScriptedReply[]) {
  await server?.close();
  server = await startScriptedLlm(script);
  process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
  process.env.EVOSCOPE_LLM_MODEL = 'scripted-model';
  process.env.EVOSCOPE_LLM_API_KEY = 'sk-test-not-a-secret';
  return server;
}

function json(r: { code: number | null; stdout: string; stderr: string }) {
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]);
}

let experimentId = '';

it('replays a demo program 8 times: parse, evaluation, exact match and score ratio come out as the mix says', { timeout: 600_000 }, async () => {
  // The premise: the stored reply rebuilds the program from its parent as OpenEvolve reads it.
  expect(applyReply(target.parentSource, target.response, 'openevolve', { mode: 'diff', language: 'python' })).toEqual({ ok: true, format: 'diff', source: target.source });
  const r = replies();
  const s = await useServer([r.original, r.different, r.unparsable, r.failing, r.original, r.different, r.unparsable, r.original]);

  const res = await runCli(['replay', target.runId, target.programId, '--n', '8', '--json']);
  expect(res.code, res.stderr).toBe(0);
  const out = json(res);
  experimentId = out.experimentId;
  expect(out).toMatchObject({ status: 'done', done: 8, total: 8 });
  expect(res.stderr).toMatch(/8\/8 trials done/);

  // Every request was the stored context, sent as stored, to the configured model.
  expect(s.requests).toHaveLength(8);
  for (const q of s.requests) {
    expect(q.body!.model).toBe('scripted-model');
    expect(q.body!.messages).toEqual([{ role: 'system', content: target.system }, { role: 'user', content: target.user }]);
    expect(q.body!.response_format).toBeUndefined();
  }

  const report = out.report;
  expect(report).toMatchObject({ kind: 'replay', model: 'scripted-model', framework: 'openevolve', originalScore: target.score });
  const [v] = report.variants;
  expect(v.variant).toBe('exact');
  expect(v.trials).toBe(8);
  expect(v.parseSuccess).toBe(6 / 8);
  expect(v.evalSuccess).toBe(5 / 8);
  expect(v.exactMatch).toBe(3 / 8);
  expect(v.normalisedMatch).toBe(3 / 8);
  const mean = (3 * target.score + 2 * target.other.score) / 5;
  expect(v.scoreRatio).toBeCloseTo(mean / target.score, 12);
  expect(v.ratios).toEqual([...[1, 1, 1], ...[target.other.score / target.score, target.other.score / target.score]].sort((a, b) => a - b));
  expect(v.outcomes.failed).toBe(3);
  expect(v.outcomes.similar).toBe(3);

  // Per trial: what each reply became, with its request, reply and program kept as blobs.
  const trials = out.trials as { idx: number; status: string; parsed: boolean; evaluated: boolean; exact: boolean; score: number | null; parseError?: string }[];
  expect(trials.map((t) => t.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(trials.filter((t) => !t.parsed).map((t) => t.parseError)).toEqual(['no SEARCH/REPLACE diff blocks in the reply', 'no SEARCH/REPLACE diff blocks in the reply']);
  const crashed = trials.filter((t) => t.parsed && !t.evaluated);
  expect(crashed).toHaveLength(1);
  expect(crashed[0].status).not.toBe('ok');
  expect(trials.filter((t) => t.exact).map((t) => t.score)).toEqual([target.score, target.score, target.score]);
  const blobs = await pool().query<{ n: number; req: number; resp: number; src: number }>(
    `SELECT count(*)::int AS n, count(request_sha)::int AS req, count(response_sha)::int AS resp, count(source_sha)::int AS src FROM experiment_calls WHERE experiment_id = $1`,
    [experimentId],
  );
  expect(blobs.rows[0]).toEqual({ n: 8, req: 8, resp: 8, src: 6 });
});

it('a resumed replay asks the model only for the trials it has not stored', { timeout: 600_000 }, async () => {
  expect(experimentId).not.toBe('');
  // As if the process had died after 5 trials: the last three calls are gone, the experiment cancelled.
  await pool().query('DELETE FROM experiment_calls WHERE experiment_id = $1 AND idx >= 5', [experimentId]);
  await pool().query(`UPDATE experiments SET status = 'cancelled', finished_at = now() WHERE id = $1`, [experimentId]);
  const r = replies();
  const s = await useServer([r.original, r.unparsable, r.unparsable]);
  const res = await runCli(['replay', target.runId, target.programId, '--resume', experimentId, '--json']);
  expect(res.code, res.stderr).toBe(0);
  const out = json(res);
  expect(out).toMatchObject({ experimentId, status: 'done', done: 8, total: 8 });
  expect(s.requests).toHaveLength(3);
  expect(out.trials.map((t: { idx: number }) => t.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(out.report.variants[0].trials).toBe(8);
});

const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
async function get<T>(route: { GET: unknown }, path: string, runId: string): Promise<{ status: number; body: T }> {
  const handler = route.GET as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const res = await handler(new NextRequest(`http://${host}${path}`, { headers: { host } }), { params: Promise.resolve({ runId }) });
  return { status: res.status, body: (await res.json()) as T };
}

it('lists the run\'s replays with the median per variant, and the programs to replay best-so-far events first', { timeout: 120_000 }, async () => {
  const replays = await get<ReplaysResponse>(replaysRoute, `/api/runs/${target.runId}/replays`, target.runId);
  expect(replays.status).toBe(200);
  expect(replays.body.items).toHaveLength(1);
  const [row] = replays.body.items;
  expect(row).toMatchObject({ programId: target.programId, experimentId, status: 'done', done: 8, total: 8, model: 'scripted-model', originalScore: target.score });
  expect(row.variants.map((v) => v.variant)).toEqual(['exact']);
  // One target: the run's median is its ratio.
  expect(replays.body.median).toEqual([{ variant: 'exact', scoreRatio: row.variants[0].scoreRatio, targets: 1 }]);

  const page = await get<ReplayTargetsResponse>(targetsRoute, `/api/runs/${target.runId}/replay-targets?limit=500`, target.runId);
  expect(page.status).toBe(200);
  const { rows } = await pool().query<{ n: number }>(
    'SELECT count(DISTINCT program_id)::int AS n FROM contexts WHERE run_id = $1 AND user_sha IS NOT NULL',
    [target.runId],
  );
  expect(page.body.total).toBe(rows[0].n);
  const flags = page.body.items.map((i) => i.bestSoFar);
  expect(flags[0]).toBe(true);
  expect(flags.indexOf(false)).toBeGreaterThan(0);
  expect(flags.slice(flags.indexOf(false)).every((f) => !f)).toBe(true);
  const rest = page.body.items.filter((i) => !i.bestSoFar).map((i) => i.score ?? -Infinity);
  expect(rest).toEqual([...rest].sort((a, b) => b - a));
  expect(page.body.items.find((i) => i.programId === target.programId)).toMatchObject({ replays: 1, promptKind: 'diff_user' });
  const second = await get<ReplayTargetsResponse>(targetsRoute, `/api/runs/${target.runId}/replay-targets?limit=2&offset=1`, target.runId);
  expect(second.body.items.map((i) => i.programId)).toEqual(page.body.items.slice(1, 3).map((i) => i.programId));
});

it('sends each variant its own prompt: history, other programs removed, alternates and lineage deletions added, diff-only enforced', { timeout: 300_000 }, async () => {
  const s = await useServer([]);
  const unparsable = replies().unparsable;
  // Answers in any order (trials run concurrently): every reply unparsable, so nothing is evaluated.
  await s.close();
  server = await startScriptedLlm(() => unparsable);
  process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
  // A late program: a long lineage, which deleted lines on the way.
  const { rows: late } = await pool().query<{ id: string; user: string; parent: string }>(
    `SELECT p.id, u.content AS "user", pb.content AS parent FROM programs p
     JOIN contexts c ON c.program_id = p.id AND c.kind = 'diff_user' JOIN blobs u ON u.sha256 = c.user_sha
     JOIN edges e ON e.child_id = p.id AND e.ordinal = 0 JOIN programs pp ON pp.id = e.parent_id JOIN blobs pb ON pb.sha256 = pp.code_sha
     WHERE p.run_id = $1 AND pp.score IS NOT NULL ORDER BY p.seq DESC LIMIT 1`,
    [target.runId],
  );
  const t = { programId: late[0].id, user: late[0].user, parentSource: late[0].parent };
  const variants = ['exact', 'no_history', 'no_other_context', 'alternate_context', 'deletion_history', 'strict_diff'];
  const res = await runCli(['replay', target.runId, t.programId, '--n', '1', '--variant', variants.join(','), '--model', 'substitute-model', '--json']);
  expect(res.code, res.stderr).toBe(0);
  const out = json(res);
  expect(out.report.variants.map((v: { variant: string }) => v.variant)).toEqual(variants);
  expect(out.report.model).toBe('substitute-model');
  const sent = server.requests.map((q) => q.body!.messages!.at(-1)!.content);
  expect(sent).toHaveLength(6);
  expect(server.requests.every((q) => q.body!.model === 'substitute-model')).toBe(true);
  const one = (pred: (u: string) => boolean) => {
    const hits = sent.filter(pred);
    expect(hits).toHaveLength(1);
    return hits[0];
  };
  const notes = out.report.notes as { variant: string; changed: boolean; note: string }[];
  const del = notes.find((n) => n.variant === 'deletion_history')!;
  expect(sent.filter((u) => u === t.user)).toHaveLength(1);
  one((u) => !u.includes('## Previous Attempts') && u.includes('## Top Performing Programs'));
  one((u) => u.includes('## Previous Attempts') && !u.includes('## Top Performing Programs'));
  one((u) => u === `${t.user}\n\n${STRICT_DIFF_REMINDER}`);
  // alternate_context: the top programs are the run's programs closest to the parent's score.
  const alt = one(
    (u) => u !== t.user && u.includes('## Previous Attempts') && u.includes('## Top Performing Programs') && !u.includes('## Lines Deleted') && !u.endsWith(STRICT_DIFF_REMINDER),
  );
  const { rows: closest } = await pool().query<{ content: string }>(
    `SELECT b.content FROM programs p JOIN blobs b ON b.sha256 = p.code_sha, programs me, edges e, programs par
     WHERE me.id = $2 AND e.child_id = me.id AND e.ordinal = 0 AND par.id = e.parent_id
       AND p.run_id = $1 AND p.valid AND p.score IS NOT NULL AND p.id <> me.id AND p.id <> par.id
     ORDER BY abs(p.score - par.score), p.seq LIMIT 1`,
    [target.runId, t.programId],
  );
  expect(alt).toContain(closest[0].content.replace(/\n$/, ''));
  // deletion_history: no listed line is in the parent.
  expect(del.changed).toBe(true);
  {
    const u = one((x) => x.includes('## Lines Deleted Earlier in This Lineage'));
    const block = u.slice(u.indexOf('## Lines Deleted Earlier'));
    const from = block.indexOf('```python\n') + 10;
    const lines = block.slice(from, block.indexOf('\n```', from)).split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(t.parentSource.split('\n').map((x) => x.trim())).not.toContain(l);
  }
  expect(notes.find((n) => n.variant === 'exact')).toMatchObject({ changed: false });
  expect(notes.filter((n) => n.variant !== 'exact').every((n) => n.changed)).toBe(true);
  expect(out.report.variants.every((v: { parseSuccess: number; trials: number }) => v.trials === 1 && v.parseSuccess === 0)).toBe(true);
});

it('a cancelled replay stops asking the model and evaluating at once', { timeout: 300_000 }, async () => {
  const slow = { ...replies().original, delayMs: 400 };
  await useServer(Array.from({ length: 16 }, () => slow));
  const x = await createExperiment({ runId: target.runId, programId: target.programId, params: { kind: 'replay', n: 8, variants: ['exact'] } });
  const running = runExperiment(x.id, { pollMs: 50 });
  for (let k = 0; k < 600; k++) {
    const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM experiment_calls WHERE experiment_id = $1', [x.id]);
    if (rows[0].n >= 1) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await cancelExperiment(target.runId, x.id);
  const t0 = Date.now();
  await running;
  expect(Date.now() - t0).toBeLessThan(5_000);
  const after = (await getExperiment(target.runId, x.id))!;
  expect(after.status).toBe('cancelled');
  expect(after.done).toBeGreaterThanOrEqual(1);
  expect(after.done).toBeLessThan(8);
  const asked = server!.requests.length;
  await new Promise((r) => setTimeout(r, 1_000));
  expect(server!.requests.length).toBe(asked);
  expect((await getExperiment(target.runId, x.id))!.done).toBe(after.done);
});

it('fails with what to do: a program without a stored prompt, a model that refuses, no LLM configured', { timeout: 120_000 }, async () => {
  const seed = await pool().query<{ id: string }>(
    'SELECT p.id FROM programs p WHERE p.run_id = $1 AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.program_id = p.id) ORDER BY p.seq LIMIT 1',
    [target.runId],
  );
  const noPrompt = await runCli(['replay', target.runId, seed.rows[0].id, '--n', '1', '--json']);
  expect(noPrompt.code).toBe(1);
  expect(json(noPrompt)).toMatchObject({ status: 'failed', error: NO_PROMPT });
  // A model that refuses the request (bad key, unknown model) ends the replay with its reason, key cut out.
  // One trial at a time, so the first refusal is the only request.
  await setEvaluationConcurrency(1);
  const s401 = await useServer([]);
  await s401.close();
  server = await startScriptedLlm(() => ({ kind: 'status', status: 401, message: 'invalid key sk-test-not-a-secret' }));
  process.env.EVOSCOPE_LLM_BASE_URL = server.baseUrl;
  const refused = await runCli(['replay', target.runId, target.programId, '--n', '4', '--json']).finally(() => setEvaluationConcurrency(null));
  expect(refused.code).toBe(1);
  const r = json(refused);
  expect(r.status).toBe('failed');
  expect(r.error).toMatch(/^the LLM refused the request: HTTP 401/);
  expect(r.error).not.toContain('sk-test-not-a-secret');
  expect(server!.requests).toHaveLength(1);
  for (const k of ['EVOSCOPE_LLM_BASE_URL', 'EVOSCOPE_LLM_MODEL', 'EVOSCOPE_LLM_API_KEY']) delete process.env[k];
  const noLlm = await runCli(['replay', target.runId, target.programId, '--n', '1', '--json']);
  expect(noLlm.code).toBe(1);
  expect(json(noLlm)).toMatchObject({ status: 'failed', error: NO_LLM });
  expect(noLlm.stderr).toContain('Settings · LLM');
});
