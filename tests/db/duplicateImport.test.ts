// Duplicates of a run (issue 24, item 2): an import whose programs are those of a stored run is
// refused when the caller asks for the check (the browser upload and the CLI do), naming the run
// it repeats, and the database is left exactly as it was; asked to store it again, it stores a
// second run. A run that differs in one program is no duplicate. Internal callers store as before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { DuplicateRunError } from '../../lib/db/duplicateRuns';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { useTestDatabase } from '../helpers/dbTest';

const root = path.resolve(import.meta.dirname, '..', '..');
const realRuns = path.resolve(root, process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-duplicate-'));
const tag = `duplicate-${crypto.randomUUID().slice(0, 8)}`;

const { runIds } = useTestDatabase({ after: releaseJobClient });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const counts = async () =>
  (
    await pool().query(
      `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM programs)::int AS programs,
              (SELECT count(*) FROM blobs)::int AS blobs, (SELECT count(*) FROM edges)::int AS edges,
              (SELECT count(*) FROM import_jobs)::int AS imports`,
    )
  ).rows[0];

const digestOf = async (runId: string) =>
  (await pool().query<{ d: string | null }>('SELECT programs_digest AS d FROM runs WHERE id = $1', [runId])).rows[0].d;

/** The files of each program of a copy of QOS (every checkpoint holds its own copy), by file name. */
function qosCopy(dir: string): Map<string, string[]> {
  fs.cpSync(QOS, dir, { recursive: true });
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /programs[\\/][^\\/]+\.json$/.test(f));
  const byName = new Map<string, string[]>();
  for (const f of files) byName.set(path.basename(f), [...(byName.get(path.basename(f)) ?? []), path.join(dir, f)]);
  return new Map([...byName].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** QOS but for one more line of code in its first program: a run of its own (unique to this file). */
function qosWithOneProgramChanged(dir: string): string {
  for (const p of [...qosCopy(dir).values()][0]) {
    const program = JSON.parse(fs.readFileSync(p, 'utf8')) as { code: string };
    program.code += `\n# changed by ${tag}\n`;
    fs.writeFileSync(p, JSON.stringify(program));
  }
  return dir;
}

/** QOS without its last program (by file name): a run of its own, every text of it stored already. */
function qosWithoutOneProgram(dir: string): string {
  for (const p of [...qosCopy(dir).values()].at(-1)!) fs.rmSync(p);
  return dir;
}

describe('an import of a run already stored', () => {
  let first: { runId: string; name: string };

  it('is stored as before by internal callers, with the digest of its programs', async () => {
    [first] = await importFromPath(QOS, { name: `${tag} first` });
    runIds.push(first.runId);
    expect(await digestOf(first.runId)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is refused when the caller asks, naming the stored run, and changes nothing', async () => {
    const before = await counts();
    const err = await importFromPath(QOS, { name: `${tag} second`, duplicates: 'refuse' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateRunError);
    const { existing } = err as DuplicateRunError;
    // Other test files may have stored QOS too: ours is among the runs named.
    const ours = existing.find((r) => r.id === first.runId);
    const imported = (await pool().query<{ at: Date }>('SELECT imported_at AS at FROM runs WHERE id = $1', [first.runId])).rows[0].at;
    expect(ours).toEqual({
      id: first.runId,
      name: `${tag} first`,
      importedAt: imported.toISOString(),
      programs: 204,
      origin: 'command line openevolve__bochen-sysnet__QOS__qaoa-frozenqubits',
    });
    expect((err as Error).message).toContain(`${tag} first (${first.runId.slice(0, 8)})`);
    expect(await counts()).toEqual(before);
  });

  it('is stored as a second run when asked to store it anyway, with the same digest', async () => {
    const [again] = await importFromPath(QOS, { name: `${tag} again`, duplicates: 'store' });
    runIds.push(again.runId);
    expect(again.runId).not.toBe(first.runId);
    expect(again.programs).toBe(204);
    expect(await digestOf(again.runId)).toBe(await digestOf(first.runId));
  });
});

describe('an import of a run not stored yet', () => {
  it('is stored with the check on when one program differs', async () => {
    const dir = qosWithOneProgramChanged(path.join(tmp, 'one-changed'));
    const [changed] = await importFromPath(dir, { name: `${tag} one changed`, duplicates: 'refuse' });
    runIds.push(changed.runId);
    expect(changed.programs).toBe(204);
    const [{ runs }] = (await pool().query('SELECT count(*)::int AS runs FROM runs WHERE programs_digest = $1', [await digestOf(changed.runId)])).rows;
    expect(runs).toBe(1);
  });

  // Every blob of this run is stored already, so the two writers never wait on each other's rows:
  // only the lock on the digest keeps the second from checking before the first commits. (The
  // window is a few milliseconds wide: this cannot force the race, only catch it when it happens.)
  it('is stored once when two imports of it with the check on run at the same time', async () => {
    const dir = qosWithoutOneProgram(path.join(tmp, 'raced'));
    const outcomes = await Promise.allSettled([0, 1].map((k) => importFromPath(dir, { name: `${tag} raced ${k}`, duplicates: 'refuse' })));
    for (const o of outcomes) if (o.status === 'fulfilled') runIds.push(...o.value.map((s) => s.runId));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DuplicateRunError);
    expect((refused.reason as DuplicateRunError).existing.map((r) => r.id)).toEqual([runIds.at(-1)]);
  });
});
