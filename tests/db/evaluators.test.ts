// Evaluators attached to runs (lib/db/evaluators.ts): versions, content-addressed files (binary
// ones as base64), the private set, refusals, and run deletion keeping shared blobs right.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { attachEvaluator, listEvaluators, loadEvaluator, type AttachEvaluatorInput } from '../../lib/db/evaluators';
import { storeImportedRun } from '../../lib/db/importRun';
import { deleteRun } from '../../lib/db/runEdit';
import { useTestDatabase } from '../helpers/dbTest';

const tag = crypto.randomUUID().slice(0, 8);
const runIds: string[] = [];
const sha = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

useTestDatabase({ runIds });

async function newRun(who: string) {
  const s = await storeImportedRun({
    run: { name: `evaluators-${tag}-${who}`, framework: 'custom', language: 'python', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: [{ externalId: 'p0', code: `# ${tag} ${who}\nx = 0\n`, iteration: 0, valid: true, score: 0, metrics: { score: 0 } }],
  });
  runIds.push(s.runId);
  return s.runId;
}

const input = (over: Partial<AttachEvaluatorInput> = {}): AttachEvaluatorInput => ({
  contract: 'openevolve',
  entry: 'evaluator.py',
  programFile: 'program.py',
  files: { 'evaluator.py': Buffer.from(`# ${tag}\ndef evaluate(p):\n    return {'combined_score': 1.0}\n`) },
  timeoutSeconds: 30,
  memoryMb: 1024,
  origin: 'cli',
  ...over,
});

it('numbers versions per run and loads the latest or the one asked for, files byte for byte', async () => {
  const runId = await newRun('versions');
  const binary = Buffer.from([0, 1, 2, 255, 254, 0x80, 10]);
  const v1 = await attachEvaluator(pool(), runId, input());
  const v2 = await attachEvaluator(pool(), runId, input({
    files: { 'evaluator.py': Buffer.from(`# ${tag} v2\ndef evaluate(p):\n    return {}\n`), 'data/weights.bin': binary },
    privateFiles: { 'data/seeds.txt': Buffer.from(`${tag} private seeds\n`) },
    timeoutSeconds: 12.5,
    origin: 'upload',
  }));
  expect([v1.version, v2.version]).toEqual([1, 2]);

  const latest = await loadEvaluator(pool(), runId);
  expect(latest).toMatchObject({ id: v2.id, version: 2, contract: 'openevolve', entry: 'evaluator.py', programFile: 'program.py', timeoutSeconds: 12.5, memoryMb: 1024 });
  expect(latest!.files['data/weights.bin'].equals(binary)).toBe(true);
  expect(latest!.files['evaluator.py'].toString()).toContain(`# ${tag} v2`);
  expect(latest!.privateFiles!['data/seeds.txt'].toString()).toBe(`${tag} private seeds\n`);

  const first = await loadEvaluator(pool(), runId, 1);
  expect(first).toMatchObject({ id: v1.id, version: 1 });
  expect(first!.privateFiles).toBeUndefined();
  expect(await loadEvaluator(pool(), runId, 3)).toBeNull();
  expect(await loadEvaluator(pool(), await newRun('none'))).toBeNull();

  const list = await listEvaluators(pool(), runId);
  expect(list.map((e) => [e.version, e.origin])).toEqual([[2, 'upload'], [1, 'cli']]);
  expect(list[0].files).toContainEqual({ path: 'data/weights.bin', bytes: 7, binary: true });
  expect(list[0].privateFiles).toEqual([{ path: 'data/seeds.txt', bytes: Buffer.byteLength(`${tag} private seeds\n`), binary: false }]);
});

it('concurrent attaches get distinct versions', async () => {
  const runId = await newRun('concurrent');
  const got = await Promise.all([1, 2, 3, 4].map(() => attachEvaluator(pool(), runId, input())));
  expect(got.map((g) => g.version).sort()).toEqual([1, 2, 3, 4]);
});

it('refuses hostile or incomplete input, storing nothing', async () => {
  const runId = await newRun('refusals');
  await expect(attachEvaluator(pool(), runId, input({ files: { '../evil.py': Buffer.from('x'), 'evaluator.py': Buffer.from('') } }))).rejects.toThrow(/evaluator file "..\/evil.py"/);
  await expect(attachEvaluator(pool(), runId, input({ files: { 'other.py': Buffer.from('') } }))).rejects.toThrow(/has no evaluator.py/);
  await expect(attachEvaluator(pool(), runId, input({ contract: 'command', command: 'python3 x.py' }))).rejects.toThrow(/must contain \{program\}/);
  await expect(attachEvaluator(pool(), runId, input({ programFile: 'a;b' }))).rejects.toThrow(/plain file name/);
  await expect(attachEvaluator(pool(), crypto.randomUUID(), input())).rejects.toThrow(/no run/);
  expect(await listEvaluators(pool(), runId)).toEqual([]);
});

it('deleting a run removes its evaluator blobs unless another run still uses them', async () => {
  const a = await newRun('del-a');
  const b = await newRun('del-b');
  const shared = `# ${tag} shared evaluator file\n`;
  const own = `# ${tag} own file of a\n`;
  const bin = Buffer.from([0, 0, 7, 255, 3]);
  await attachEvaluator(pool(), a, input({ files: { 'evaluator.py': Buffer.from(`def evaluate(p): pass # ${tag} a\n`), 'lib.py': Buffer.from(shared), 'own.txt': Buffer.from(own) }, privateFiles: { 'w.bin': bin } }));
  await attachEvaluator(pool(), b, input({ files: { 'evaluator.py': Buffer.from(`def evaluate(p): pass # ${tag} b\n`), 'lib.py': Buffer.from(shared) }, privateFiles: { 'w.bin': bin } }));
  await deleteRun(a);
  const present = async (texts: string[]) => (await pool().query('SELECT sha256 FROM blobs WHERE sha256 = ANY($1)', [texts.map(sha)])).rowCount;
  expect(await present([own])).toBe(0);
  expect(await present([shared])).toBe(1);
  expect(await present([bin.toString("base64")])).toBe(1);
  const still = await loadEvaluator(pool(), b);
  expect(still!.files['lib.py'].toString()).toBe(shared);
  expect(still!.privateFiles!['w.bin'].equals(bin)).toBe(true);
});
