// Deleting a run (lib/db/runEdit.ts deleteRun): one transaction; the run's analyses, cached
// graph, evaluations, contexts, edges, replay environment, programs and own settings go; blobs no other run
// references go; blobs shared with another run stay; other runs are untouched.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { getRunThreshold, setRunThreshold } from '../../lib/db/generalization';
import { storeImportedRun } from '../../lib/db/importRun';
import { computeRunAnalyses } from '../../lib/services/analyses/runAnalyses';
import { deleteRun } from '../../lib/db/runEdit';
import type { ImportedRun } from '../../lib/trace/schema';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const runIds: string[] = [];
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

useTestDatabase({ runIds });

/** A small run; `shared` is a source both runs contain, the rest is unique to `who`. */
function run(who: string, shared: string): ImportedRun {
  const code = (i: number) => `# ${tag} ${who} program ${i}\nx = ${i}\n`;
  return {
    run: { name: `delete-${tag}-${who}`, framework: 'custom', scoreMetric: 'score', replay: { files: { 'eval.py': `# ${tag} ${who} evaluator\n` } } },
    warnings: [],
    stats: {},
    programs: [0, 1, 2].map((i) => ({
      externalId: `p${i}`,
      code: i === 0 ? shared : code(i),
      iteration: i,
      valid: true,
      score: i,
      metrics: { score: i },
      parents: i ? [{ externalId: `p${i - 1}` }] : [],
      evaluation: { status: 'ok', output: `out ${i}` },
      contexts: [{ kind: 'user', system: `# ${tag} system prompt shared`, user: `# ${tag} ${who} prompt ${i}`, response: `# ${tag} ${who} answer ${i}` }],
    })),
  };
}

async function counts(runId: string) {
  const q = async (table: string) => (await pool().query(`SELECT count(*)::int AS n FROM ${table} WHERE run_id = $1`, [runId])).rows[0].n;
  const out: Record<string, number> = {};
  for (const t of ['programs', 'edges', 'evaluations', 'contexts', 'analyses', 'graph_cache', 'replay_environments']) out[t] = await q(t);
  out.runs = (await pool().query('SELECT count(*)::int AS n FROM runs WHERE id = $1', [runId])).rows[0].n;
  return out;
}

const blobsPresent = async (texts: string[]) =>
  (await pool().query<{ sha256: string }>('SELECT sha256 FROM blobs WHERE sha256 = ANY($1)', [texts.map(sha)])).rows.length;

it('removes the run, its rows and its own blobs in one go, keeping shared blobs and other runs', async () => {
  const shared = `# ${tag} shared seed\nx = 0\n`;
  const a = await storeImportedRun(run('a', shared));
  const b = await storeImportedRun(run('b', shared));
  runIds.push(a.runId, b.runId);
  await computeRunAnalyses(a.runId);
  await computeRunAnalyses(b.runId);
  const before = await counts(a.runId);
  expect(before).toMatchObject({ programs: 3, edges: 2, evaluations: 3, contexts: 3, graph_cache: 1, replay_environments: 1, runs: 1 });
  expect(before.analyses).toBeGreaterThan(0);
  const bBefore = await counts(b.runId);
  const ownOfA = [`# ${tag} a program 1\nx = 1\n`, `# ${tag} a prompt 1`, `# ${tag} a answer 2`, `# ${tag} a evaluator\n`];
  const sharedTexts = [shared, `# ${tag} system prompt shared`];
  expect(await blobsPresent(ownOfA)).toBe(ownOfA.length);

  const deleted = await deleteRun(a.runId);
  // Own blobs of a: 2 sources, 3 prompts, 3 answers, 1 evaluator file.
  expect(deleted).toEqual({ runId: a.runId, programs: 3, blobsRemoved: 9 });
  expect(await counts(a.runId)).toEqual({ programs: 0, edges: 0, evaluations: 0, contexts: 0, analyses: 0, graph_cache: 0, replay_environments: 0, runs: 0 });
  expect(await blobsPresent(ownOfA)).toBe(0);
  expect(await blobsPresent(sharedTexts)).toBe(sharedTexts.length);
  expect(await counts(b.runId)).toEqual(bBefore);
  // b still reads whole: every source and prompt it names is there.
  const dangling = await pool().query(
    `SELECT count(*)::int AS n FROM programs p LEFT JOIN blobs x ON x.sha256 = p.code_sha WHERE p.run_id = $1 AND x.sha256 IS NULL`,
    [b.runId],
  );
  expect(dangling.rows[0].n).toBe(0);
  const danglingPrompts = await pool().query(
    `SELECT count(*)::int AS n FROM contexts c, unnest(ARRAY[c.system_sha, c.user_sha, c.response_sha]) s
     WHERE c.run_id = $1 AND NOT EXISTS (SELECT 1 FROM blobs WHERE sha256 = s)`,
    [b.runId],
  );
  expect(danglingPrompts.rows[0].n).toBe(0);

  expect(await deleteRun(a.runId)).toBeNull(); // gone already
});

it("takes the run's own settings with it (its generalization threshold), not another run's", async () => {
  const a = await storeImportedRun(run('settings-a', `# ${tag} settings seed a\n`));
  const b = await storeImportedRun(run('settings-b', `# ${tag} settings seed b\n`));
  runIds.push(a.runId, b.runId);
  await setRunThreshold(a.runId, 0.25);
  await setRunThreshold(b.runId, 0.5);
  await deleteRun(a.runId);
  const left = await pool().query('SELECT count(*)::int AS n FROM settings WHERE key LIKE $1', [`%${a.runId}%`]);
  expect(left.rows[0].n).toBe(0);
  expect(await getRunThreshold(b.runId)).toBe(0.5);
});

it('is one transaction: a failure at its last step leaves the run and its blobs as they were', async () => {
  const c = await storeImportedRun(run('c', `# ${tag} c seed\n`));
  runIds.push(c.runId);
  const before = await counts(c.runId);
  const own = [`# ${tag} c program 1\nx = 1\n`, `# ${tag} c prompt 1`];
  // A trigger that refuses to delete this run's row, the step after every child table's delete.
  const fn = `refuse_delete_${tag}`;
  await pool().query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF OLD.id = '${c.runId}' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN OLD; END $$`);
  await pool().query(`CREATE TRIGGER ${fn} BEFORE DELETE ON runs FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
  try {
    await expect(deleteRun(c.runId)).rejects.toThrow('refused by test');
  } finally {
    await pool().query(`DROP TRIGGER ${fn} ON runs`);
    await pool().query(`DROP FUNCTION ${fn}()`);
  }
  expect(await counts(c.runId)).toEqual(before);
  expect(await blobsPresent(own)).toBe(own.length);
});

it('`evoscope delete <runId>` deletes through the same path, and fails for an unknown run', async () => {
  const d = await storeImportedRun(run('d', `# ${tag} d seed\n`));
  runIds.push(d.runId);
  const ok = await runCli(['delete', d.runId, '--json']);
  expect(ok.code, ok.stderr).toBe(0);
  // Its seed is its own this time (10 blobs); the system prompt is still shared with run c.
  expect(JSON.parse(ok.stdout)).toEqual({ deleted: true, runId: d.runId, programs: 3, blobsRemoved: 10 });
  expect((await counts(d.runId)).runs).toBe(0);

  const again = await runCli(['delete', d.runId]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(`no run ${d.runId}`);
  const bad = await runCli(['delete', 'not-a-uuid']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain("'not-a-uuid' is not a run id");
});
