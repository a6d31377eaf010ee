// `evoscope evaluate` through the real CLI (issue 8, item 4): one program by the source's id or
// our uuid, the best-so-far chain with the private test set and a concurrency, one JSON object
// on stdout and progress on stderr, and the errors users meet (no evaluator, unknown program).
import { describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { NO_EVALUATOR } from '../../lib/db/evaluationBatches';
import { runCli } from '../helpers/cli';
import { attachScoreEvaluator, scoredRun } from '../helpers/rerun';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();

async function run(scores: number[]) {
  const r = await scoredRun(`cli evaluate ${crypto.randomUUID().slice(0, 8)}`, scores);
  runIds.push(r.runId);
  return r;
}

function json(r: { code: number | null; stdout: string; stderr: string }) {
  const lines = r.stdout.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('evoscope evaluate', () => {
  it('re-runs one program named by the source id or our uuid', { timeout: 120_000 }, async () => {
    const r = await run([1.25, 2.5]);
    const ev = await attachScoreEvaluator(r.runId);
    const bySourceId = await runCli(['evaluate', r.runId, 'p1', '--json']);
    expect(bySourceId.code, bySourceId.stderr).toBe(0);
    const out = json(bySourceId);
    expect(out).toMatchObject({ scope: 'program', status: 'done', total: 1, done: 1, failed: 0, evaluatorVersion: ev.version, testSets: ['public'] });
    expect(out.steps).toEqual([expect.objectContaining({ externalId: 'p1', recordedScore: 2.5, reproduced: true, public: { score: 2.5, status: 'ok', sandboxStatus: 'ok' } })]);
    expect(bySourceId.stderr).toMatch(/1\/1 evaluated/);

    const byUuid = json(await runCli(['evaluate', r.runId, r.programIds[0], '--json']));
    expect(byUuid.steps.map((s: { externalId: string }) => s.externalId)).toEqual(['p0']);
    const rows = await pool().query('SELECT count(*)::int AS n FROM evaluations WHERE run_id = $1 AND kind = $2', [r.runId, 'rerun']);
    expect(rows.rows[0].n).toBe(2);
  });

  it('re-runs the best-so-far chain on both test sets with a concurrency', { timeout: 120_000 }, async () => {
    const r = await run([1, 3, 2, 4]);
    await attachScoreEvaluator(r.runId, { private: true });
    const res = await runCli(['evaluate', r.runId, '--best-chain', '--private', '--concurrency', '2', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const out = json(res);
    expect(out).toMatchObject({ scope: 'best-chain', status: 'done', concurrency: 2, total: 6, done: 6, testSets: ['public', 'private'] });
    expect(out.steps.map((s: { externalId: string; public: { score: number }; private: { score: number } }) => [s.externalId, s.public.score, s.private.score])).toEqual([
      ['p0', 1, 0], ['p1', 3, 2], ['p3', 4, 3],
    ]);
  });

  it('refuses without an evaluator (saying how to attach one, storing nothing), and names an unknown program', { timeout: 120_000 }, async () => {
    const r = await run([1]);
    const stored = async () =>
      (await pool().query<{ n: number }>(
        'SELECT (SELECT count(*) FROM evaluation_batches WHERE run_id = $1) + (SELECT count(*) FROM experiments WHERE run_id = $1) AS n',
        [r.runId],
      )).rows[0].n;
    const before = Number(await stored());
    // Refused before anything is stored: the message on stderr, exit 1, nothing on stdout.
    for (const args of [['evaluate', r.runId, 'p0', '--json'], ['evaluate', r.runId, '--best-chain'], ['ablate', r.runId, 'p0'], ['diagnose', r.runId]]) {
      const none = await runCli(args);
      expect(none.code, `${args.join(' ')}: ${none.stderr}`).toBe(1);
      expect(none.stderr).toContain(NO_EVALUATOR);
      expect(none.stdout.trim()).toBe('');
    }
    expect(Number(await stored())).toBe(before);
    const unknown = await runCli(['evaluate', r.runId, 'nope', '--json']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no program 'nope'");
    const usage = await runCli(['evaluate', r.runId]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('either a <programId> or --best-chain');
  });
});
