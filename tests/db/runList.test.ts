// The runs list's queries (lib/db/runList.ts, lib/db/runEdit.ts updateRun): search and filters
// in SQL, rename, tags, import groups, and paging with hundreds of runs.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPatchSchema } from '../../lib/contracts/api/runs';
import { disconnect, pool } from '../../lib/db/client';
import { storeImportedRun, storeImportedRuns } from '../../lib/db/importRun';
import { migrate } from '../../lib/runtime/migrate';
import { listRuns, runFacets } from '../../lib/db/runList';
import { updateRun } from '../../lib/db/runEdit';
import type { ImportedRun } from '../../lib/trace/schema';

const tag = crypto.randomUUID().slice(0, 8);
const fw = `fw-${tag}`;
const runIds: string[] = [];
const jobIds: string[] = [];

beforeAll(async () => {
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[]) OR framework LIKE $2', [runIds, `%${tag}%`]);
  await pool().query('DELETE FROM import_jobs WHERE id = ANY($1::uuid[])', [jobIds]);
  await disconnect();
});

function run(name: string, extra: Partial<ImportedRun['run']> = {}): ImportedRun {
  return {
    run: { name, framework: fw, scoreMetric: 'score', ...extra },
    warnings: [],
    stats: {},
    programs: [{ externalId: 'p0', code: `# ${name}\n`, iteration: 0, valid: true, score: 1, metrics: { score: 1 } }],
  };
}

const names = (r: { runs: { name: string }[] }) => r.runs.map((x) => x.name).sort();

describe('search and filters', () => {
  beforeAll(async () => {
    const stored = [
      await storeImportedRun(run(`Circle packing ${tag}`, { task: 'circle_packing', language: 'python' })),
      await storeImportedRun(run(`Heuristic 100% ${tag}`, { task: 'ahc', language: 'cpp' })),
      await storeImportedRun(run(`Bin packing ${tag}`, { task: 'bin_packing', language: 'python' })),
    ];
    runIds.push(...stored.map((s) => s.runId));
  });

  it('filters by framework, task and language in SQL', async () => {
    expect(names(await listRuns({ limit: 100, framework: fw }))).toEqual([`Bin packing ${tag}`, `Circle packing ${tag}`, `Heuristic 100% ${tag}`]);
    expect(names(await listRuns({ limit: 100, framework: fw, language: 'python' }))).toEqual([`Bin packing ${tag}`, `Circle packing ${tag}`]);
    expect(names(await listRuns({ limit: 100, framework: fw, task: 'ahc' }))).toEqual([`Heuristic 100% ${tag}`]);
    expect((await listRuns({ limit: 100, framework: fw, task: 'nope' })).runs).toEqual([]);
  });

  it('searches name, task and framework case-insensitively, with % and _ taken literally', async () => {
    expect(names(await listRuns({ limit: 100, q: `PACKING ${tag}` }))).toEqual([`Bin packing ${tag}`, `Circle packing ${tag}`]);
    expect(names(await listRuns({ limit: 100, q: 'circle_pack', framework: fw }))).toEqual([`Circle packing ${tag}`]); // the task
    expect(names(await listRuns({ limit: 100, q: `100% ${tag}` }))).toEqual([`Heuristic 100% ${tag}`]);
    expect((await listRuns({ limit: 100, q: `1%0 ${tag}` })).runs).toEqual([]);
    expect(names(await listRuns({ limit: 100, q: tag.toUpperCase() }))).toHaveLength(3); // via the framework
  });

  it('pages through a filtered list with the cursor', async () => {
    const first = await listRuns({ limit: 2, framework: fw });
    expect(first.runs).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const cursor = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString());
    const second = await listRuns({ limit: 2, framework: fw, cursor });
    expect(second.runs).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.runs, ...second.runs].map((r) => r.id)).size).toBe(3);
  });

  it('offers the values in use as facets, with counts', async () => {
    const f = await runFacets();
    expect(f.framework).toContainEqual({ value: fw, runs: 3 });
    expect(f.task).toEqual(expect.arrayContaining([{ value: 'ahc', runs: expect.any(Number) }]));
    expect(f.language.map((l) => l.value)).toEqual(expect.arrayContaining(['cpp', 'python']));
  });
});

describe('rename and tags', () => {
  it('renames a run and sets its tags; the list filters by tag and finds the new name', async () => {
    const s = await storeImportedRun(run(`To rename ${tag}`));
    runIds.push(s.runId);
    const before = (await pool().query('SELECT updated_at FROM runs WHERE id = $1', [s.runId])).rows[0].updated_at;
    const patch = runPatchSchema.parse({ name: `  Renamed ${tag}  `, tags: [`baseline-${tag}`, 'paper', `baseline-${tag}`] });
    const updated = await updateRun(s.runId, patch);
    expect(updated).toMatchObject({ id: s.runId, name: `Renamed ${tag}`, tags: [`baseline-${tag}`, 'paper'] });
    expect(names(await listRuns({ limit: 100, tag: `baseline-${tag}` }))).toEqual([`Renamed ${tag}`]);
    expect(names(await listRuns({ limit: 100, q: `renamed ${tag}` }))).toEqual([`Renamed ${tag}`]);
    expect((await listRuns({ limit: 100, q: `To rename ${tag}` })).runs).toEqual([]);
    expect((await runFacets()).tag).toContainEqual({ value: `baseline-${tag}`, runs: 1 });

    // Tags alone leave the name; the run's content clock (cached graph key) is not touched.
    expect(await updateRun(s.runId, runPatchSchema.parse({ tags: [] }))).toMatchObject({ name: `Renamed ${tag}`, tags: [] });
    expect((await listRuns({ limit: 100, tag: `baseline-${tag}` })).runs).toEqual([]);
    const after = (await pool().query('SELECT updated_at FROM runs WHERE id = $1', [s.runId])).rows[0].updated_at;
    expect(after).toEqual(before);
  });

  it('refuses empty patches, empty names and bad tags; a missing run gives null', async () => {
    expect(runPatchSchema.safeParse({}).success).toBe(false);
    expect(runPatchSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(runPatchSchema.safeParse({ tags: ['a,b'] }).success).toBe(false);
    expect(runPatchSchema.safeParse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success).toBe(false);
    expect(runPatchSchema.safeParse({ name: 'x', extra: 1 }).success).toBe(false);
    expect(await updateRun(crypto.randomUUID(), { name: 'nobody' })).toBeNull();
  });
});

describe('import groups', () => {
  it('groups the runs of one import, with all their ids; single-run imports make no group', async () => {
    const stored = await storeImportedRuns([run(`g1 ${tag}`), run(`g2 ${tag}`), run(`g3 ${tag}`)], { sourceName: `export-${tag}.json` });
    const single = await storeImportedRun(run(`alone ${tag}`));
    runIds.push(...stored.map((s) => s.runId), single.runId);
    const rows = await pool().query<{ import_job_id: string }>('SELECT DISTINCT import_job_id FROM runs WHERE id = ANY($1::uuid[])', [stored.map((s) => s.runId)]);
    expect(rows.rows).toHaveLength(1);
    const jobId = rows.rows[0].import_job_id;
    jobIds.push(jobId);
    const job = await pool().query('SELECT kind, status, source_name, run_ids FROM import_jobs WHERE id = $1', [jobId]);
    expect(job.rows[0]).toMatchObject({ kind: 'path', status: 'succeeded', source_name: `export-${tag}.json` });

    const list = await listRuns({ limit: 100, q: tag });
    expect(list.runs.filter((r) => r.importJobId === jobId)).toHaveLength(3);
    const groups = list.groups.filter((g) => g.id === jobId);
    expect(groups).toEqual([{ id: jobId, sourceName: `export-${tag}.json`, runIds: expect.any(Array) }]);
    expect([...groups[0].runIds].sort()).toEqual(stored.map((s) => s.runId).sort());
    const singleJob = list.runs.find((r) => r.id === single.runId)!.importJobId;
    expect(singleJob).not.toBeNull();
    jobIds.push(singleJob!);
    expect(list.groups.some((g) => g.id === singleJob)).toBe(false);

    // A filter that shows one run of the group still offers the whole import for comparing.
    const one = await listRuns({ limit: 100, q: `g2 ${tag}` });
    expect(one.groups.find((g) => g.id === jobId)?.runIds).toHaveLength(3);
  });
});

// Correctness at scale; the list's speed is measured by the benchmarks, not asserted here.
it('with 500 runs, filters and search are answered in SQL, a page at a time', async () => {
  await pool().query(
    `INSERT INTO runs (id, name, framework, task, language, tags, program_count, best_score, score_metric, imported_at)
     SELECT gen_random_uuid(), 'scale run ' || i || ' ${tag}', 'scale-${tag}-' || (i % 5), 'task_' || (i % 17), CASE WHEN i % 2 = 0 THEN 'python' ELSE 'cpp' END,
            CASE WHEN i % 10 = 0 THEN ARRAY['ten-${tag}'] ELSE ARRAY[]::text[] END, i * 100, i / 7.0, 'combined_score', now() - i * interval '1 minute'
     FROM generate_series(1, 500) i`,
  );
  await pool().query('ANALYZE runs');
  const first = await listRuns({ limit: 100 });
  expect(first.runs).toHaveLength(100);
  expect(first.nextCursor).not.toBeNull();
  // i % 5 = 3 and i even: i = 8, 18, ..., 498.
  expect((await listRuns({ limit: 100, framework: `scale-${tag}-3`, language: 'python' })).runs).toHaveLength(50);
  // i % 10 = 0.
  expect((await listRuns({ limit: 500, tag: `ten-${tag}` })).runs).toHaveLength(50);
  // i % 17 = 5: i = 5, 22, ..., 498.
  expect((await listRuns({ limit: 100, task: 'task_5', q: tag })).runs).toHaveLength(30);
});
