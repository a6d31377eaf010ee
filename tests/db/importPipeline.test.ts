// The import pipeline (lib/services/import/importPipeline.ts) as the CLI and the upload worker use it:
// archives of a real run import with exact counts; hostile or broken archives fail with a
// message naming the entry, and the database is left exactly as it was.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { importFromPath, isInputProblem } from '../../lib/services/import/importPipeline';

const root = path.resolve(import.meta.dirname, '..', '..');
const realRuns = path.resolve(root, process.env.EVOSCOPE_REAL_RUNS ?? '../shared/real-runs');
const QOS = path.join(realRuns, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-pipeline-'));
const tag = `pipeline-${crypto.randomUUID().slice(0, 8)}`;

const counts = async () => {
  const { rows } = await pool().query(
    `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM programs)::int AS programs,
            (SELECT count(*) FROM blobs)::int AS blobs, (SELECT count(*) FROM edges)::int AS edges`,
  );
  return rows[0];
};

/** A minimal tar header block for an entry we write by hand (tar refuses hostile names). */
function rawTarEntry(name: string, body: string, type: '0' | '2' = '0', linkName = '') {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(Buffer.byteLength(body).toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write(linkName, 157, 100);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([h, data]);
}

beforeAll(async () => {
  expect(fs.existsSync(QOS), `real runs missing at ${realRuns}`).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});

afterAll(async () => {
  await pool().query(`DELETE FROM runs WHERE name LIKE $1`, [`${tag}%`]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('importFromPath', () => {
  it('imports a .tar.gz of the QOS run with exact counts and reports progress', async () => {
    const archive = path.join(tmp, 'qos.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: QOS, portable: true }, ['openevolve_output']);
    const phases = new Set<string>();
    let lastStored = 0;
    const [s] = await importFromPath(archive, {
      name: `${tag} qos`,
      onProgress: (p) => {
        phases.add(p.phase);
        if (p.programsStored !== undefined) lastStored = p.programsStored;
      },
    });
    expect(s).toMatchObject({ programs: 204, edges: 203, invalidPrograms: 0, islands: 4, prompts: 80 });
    expect([...phases]).toEqual(['extracting', 'reading', 'storing', 'done']);
    expect(lastStored).toBe(204);
    const { rows } = await pool().query('SELECT name, program_count FROM runs WHERE id = $1', [s.runId]);
    expect(rows[0]).toEqual({ name: `${tag} qos`, program_count: 204 });
  });

  it('imports a .tar.gz of the real SkyDiscover run as the upload worker does (skydiscover, not openevolve)', async () => {
    const sky = path.join(realRuns, 'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413');
    const archive = path.join(tmp, 'sky.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: sky, portable: true }, ['outputs']);
    const [s] = await importFromPath(archive, { name: `${tag} sky` });
    expect(s).toMatchObject({ format: 'skydiscover', programs: 83, edges: 81, invalidPrograms: 38, prompts: 66 });
    const { rows } = await pool().query('SELECT framework, program_count FROM runs WHERE id = $1', [s.runId]);
    expect(rows[0]).toEqual({ framework: 'skydiscover', program_count: 83 });
  });

  it.each([
    ['zip-slip', () => rawTarEntry('../../evil.txt', 'x'), /evil\.txt.*outside/],
    ['absolute path', () => rawTarEntry('/etc/evoscope-evil', 'x'), /evoscope-evil.*absolute/],
    ['symlink', () => rawTarEntry('link', '', '2', '/etc'), /link.*link/i],
  ])('rejects a %s entry and stores nothing', async (_what, entry, message) => {
    const archive = path.join(tmp, `${crypto.randomUUID()}.tar`);
    fs.writeFileSync(archive, Buffer.concat([entry(), Buffer.alloc(1024)]));
    const before = await counts();
    const err = await importFromPath(archive, { name: `${tag} bad` }).catch((e) => e);
    expect(isInputProblem(err), String(err)).toBe(true);
    expect(err.message).toMatch(message);
    expect(await counts()).toEqual(before);
    expect(fs.existsSync('/etc/evoscope-evil')).toBe(false);
  });

  it('fails on a truncated .tar.gz naming the archive, storing nothing', async () => {
    const archive = path.join(tmp, 'cut.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: QOS, portable: true }, ['openevolve_output']);
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(archive, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const before = await counts();
    const err = await importFromPath(archive).catch((e) => e);
    expect(isInputProblem(err), String(err)).toBe(true);
    expect(err.message).toMatch(/cut\.tar\.gz|truncated|unexpected end/i);
    expect(await counts()).toEqual(before);
  });

  it('fails on an archive with an unknown layout', async () => {
    const dir = path.join(tmp, 'unknown');
    fs.mkdirSync(path.join(dir, 'stuff'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'stuff', 'notes.txt'), 'hello');
    const archive = path.join(tmp, 'unknown.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: dir }, ['stuff']);
    const err = await importFromPath(archive).catch((e) => e);
    expect(isInputProblem(err), String(err)).toBe(true);
    expect(err.message).toMatch(/unknown layout/);
  });

  // A file named like an archive whose bytes are not one: refused at once, by name and first
  // bytes, with no internal path or errno code in the message (it used to fail after the layout
  // detectors stat'ed `junk.zip/checkpoints`: "ENOTDIR: not a directory, stat '/…'").
  it.each([
    ['junk.zip', Buffer.from('hello, this is not a zip'), 'junk.zip is not a zip archive (it starts with "hello, this is n")'],
    ['junk.tar.gz', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'junk.tar.gz is not a tar.gz archive (it starts with the bytes ff d8 ff e0 00 10)'],
    ['empty.tgz', Buffer.alloc(0), 'empty.tgz is not a tar.gz archive (it starts with nothing: the file is empty)'],
  ])('refuses %s, which is not an archive, in under a second', async (name, bytes, message) => {
    const dir = fs.mkdtempSync(path.join(tmp, 'junk-'));
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    const before = await counts();
    const t0 = performance.now();
    const err = await importFromPath(file, { label: name }).catch((e) => e);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(isInputProblem(err), String(err)).toBe(true);
    expect(err.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('names an unknown layout by the input, not by the folder it was unpacked in', async () => {
    const dir = path.join(tmp, 'unknown2');
    fs.mkdirSync(path.join(dir, 'stuff'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'stuff', 'notes.txt'), 'hello');
    const archive = path.join(tmp, 'mystery.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: dir }, ['stuff']);
    const err = await importFromPath(archive, { label: 'mystery.tar.gz' }).catch((e) => e);
    expect(err.message).toMatch(/^unknown layout at mystery\.tar\.gz: /);
    expect(err.message).not.toContain(os.tmpdir());
  });

  describe('hostile files inside an otherwise valid run', () => {
    /** A copy of the QOS run with one program file replaced, packed as .tar.gz. */
    async function qosWith(file: string, contents: Buffer | string) {
      const dir = fs.mkdtempSync(path.join(tmp, 'qos-'));
      fs.cpSync(QOS, dir, { recursive: true });
      const progDir = path.join(dir, 'openevolve_output', 'checkpoints', 'checkpoint_10', 'programs');
      fs.chmodSync(progDir, 0o755);
      fs.writeFileSync(path.join(progDir, file), contents);
      const archive = path.join(tmp, `${path.basename(dir)}.tar.gz`);
      await tar.c({ gzip: true, file: archive, cwd: dir }, ['openevolve_output']);
      return archive;
    }

    async function expectRefused(archive: string, message: RegExp) {
      const before = await counts();
      const err = await importFromPath(archive, { name: `${tag} hostile` }).catch((e) => e);
      expect(isInputProblem(err), String(err)).toBe(true);
      expect(err.message).toMatch(message);
      expect(await counts()).toEqual(before);
    }

    it('a JSON file that is not an object', async () => {
      await expectRefused(await qosWith('zz-array.json', '[1, 2, 3]'), /checkpoint_10\/programs\/zz-array\.json: expected a JSON object, found an array/);
    });

    it('invalid UTF-8', async () => {
      const bad = Buffer.concat([Buffer.from('{"id": "x", "code": "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
      await expectRefused(await qosWith('zz-utf8.json', bad), /zz-utf8\.json.*(UTF-8|utf-8)/);
    });

    it('a gigantic single JSON value', async () => {
      const previous = process.env.EVOSCOPE_MAX_JSON_BYTES;
      process.env.EVOSCOPE_MAX_JSON_BYTES = String(1024 * 1024); // 1 MiB in this test; 256 MiB by default
      try {
        const huge = JSON.stringify({ id: 'huge', code: 'x'.repeat(3 * 1024 * 1024) });
        await expectRefused(await qosWith('zz-huge.json', huge), /zz-huge\.json.*(larger|limit|too large)/i);
      } finally {
        if (previous === undefined) delete process.env.EVOSCOPE_MAX_JSON_BYTES;
        else process.env.EVOSCOPE_MAX_JSON_BYTES = previous;
      }
    });

    it('an archive bomb', async () => {
      // 300 MiB of zeros in one entry compress to about 300 KiB: far past the 200:1 ratio.
      const dir = fs.mkdtempSync(path.join(tmp, 'bomb-'));
      const fd = fs.openSync(path.join(dir, 'zeros.json'), 'w');
      const mib = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 300; i++) fs.writeSync(fd, mib);
      fs.closeSync(fd);
      const archive = path.join(tmp, 'bomb.tar.gz');
      await tar.c({ gzip: true, file: archive, cwd: dir }, ['zeros.json']);
      fs.rmSync(dir, { recursive: true });
      await expectRefused(archive, /zeros\.json|bomb\.tar\.gz/);
    });
  });
});

