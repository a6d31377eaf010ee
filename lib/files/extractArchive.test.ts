import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from './errors';
import { detectArchive, extractArchive, type ExtractProgress } from './extractArchive';
import { listTree, makeTempDir, pseudoRandomText, tarArchive, tarEntry, zipArchive } from './testArchives';

// A small run folder as researchers upload them: nested folders, an empty folder, text and binary.
const RUN: Record<string, string | Buffer> = {
  'run/config.yaml': 'max_iterations: 10\n',
  'run/checkpoints/checkpoint_5/programs/p1.json': '{"id":"p1","score":0.5}',
  'run/checkpoints/checkpoint_5/programs/p2.json': '{"id":"p2","score":0.7}',
  'run/logs/evolve.log': 'line\n'.repeat(1000),
  'run/best/best_program.py': 'def f():\n    return 42\n',
  'run/bin/blob.bin': Buffer.from([0, 1, 2, 255, 254, 0]),
};
const FILES = Object.keys(RUN).sort();

let tmp: string;
let srcDir: string;
beforeAll(() => {
  tmp = makeTempDir();
  srcDir = path.join(tmp, 'src');
  for (const [rel, data] of Object.entries(RUN)) {
    fs.mkdirSync(path.dirname(path.join(srcDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(srcDir, rel), data);
  }
  fs.mkdirSync(path.join(srcDir, 'run/empty'));
  // Modes in an archive are not trusted: this one must come out as a plain 0644 file.
  fs.chmodSync(path.join(srcDir, 'run/best/best_program.py'), 0o4777);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function expectRunExtracted(out: string, files: string[]) {
  expect([...files].sort()).toEqual(FILES);
  for (const rel of FILES) expect(fs.readFileSync(path.join(out, rel))).toEqual(Buffer.from(RUN[rel]));
  expect(fs.statSync(path.join(out, 'run/empty')).isDirectory()).toBe(true);
  const mode = fs.statSync(path.join(out, 'run/best/best_program.py')).mode;
  expect(mode & 0o7111).toBe(0); // no setuid, no execute
}

describe('extractArchive: well-formed archives', () => {
  it('extracts a zip with nested folders exactly', async () => {
    const archive = path.join(tmp, 'run.zip');
    const entries: Record<string, Uint8Array> = { 'run/empty/': new Uint8Array(0) };
    for (const [rel, data] of Object.entries(RUN)) entries[rel] = typeof data === 'string' ? strToU8(data) : data;
    fs.writeFileSync(archive, zipSync(entries));
    const out = path.join(tmp, 'out-zip');
    const r = await extractArchive(archive, out);
    expectRunExtracted(out, r.files);
    expect(r.entries).toBe(FILES.length + 1);
    expect(r.bytes).toBe(Object.values(RUN).reduce((n, d) => n + Buffer.byteLength(d), 0));
    expect(listTree(out).filter((p) => !p.endsWith('/'))).toEqual(FILES);
  });

  for (const name of ['run.tar.gz', 'run.tgz', 'run.tar']) {
    it(`extracts a ${name} made by node-tar exactly`, async () => {
      const archive = path.join(tmp, name);
      await tar.c({ gzip: name !== 'run.tar', file: archive, cwd: srcDir, portable: true }, ['run']);
      const out = path.join(tmp, `out-${name}`);
      const r = await extractArchive(archive, out);
      expectRunExtracted(out, r.files);
      expect(listTree(out).filter((p) => !p.endsWith('/'))).toEqual(FILES);
    });
  }

  it('accepts ./ prefixes, a/../b inside the root, backslash folders and GNU-style long names', async () => {
    const long = `${'d'.repeat(120)}/${'f'.repeat(120)}.txt`; // over 100 bytes: needs a pax or prefix record
    const archive = path.join(tmp, 'odd.tar');
    fs.writeFileSync(
      archive,
      tarArchive(
        tarEntry({ name: './', type: '5' }),
        tarEntry({ name: './a/x.txt' }, 'x'),
        tarEntry({ name: 'a/../b.txt' }, 'b'),
        tarEntry({ name: 'win\\sub\\c.txt' }, 'c'),
      ),
    );
    const out = path.join(tmp, 'out-odd');
    const r = await extractArchive(archive, out);
    expect(r.files).toEqual(['a/x.txt', 'b.txt', 'win/sub/c.txt']);

    const archive2 = path.join(tmp, 'long.tar.gz');
    fs.mkdirSync(path.join(tmp, 'longsrc', path.dirname(long)), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'longsrc', long), 'long');
    await tar.c({ gzip: true, file: archive2, cwd: path.join(tmp, 'longsrc') }, [long]);
    const r2 = await extractArchive(archive2, path.join(tmp, 'out-long'));
    expect(r2.files).toEqual([long]);
  });

  it('does not take large stored or barely compressible entries for a bomb', async () => {
    const text = pseudoRandomText(2 * 1024 * 1024, 5).chunk;
    const limits = { ratioGraceBytes: 1024, maxRatio: 2 }; // judged from the first KiB on
    const zip = path.join(tmp, 'stored.zip');
    fs.writeFileSync(zip, zipArchive([{ name: 'stored.txt', data: text, method: 0 }, { name: 'deflated.txt', data: text }]));
    expect((await extractArchive(zip, path.join(tmp, 'out-stored-zip'), { limits })).bytes).toBe(2 * text.length);
    const plain = path.join(tmp, 'stored.tar');
    fs.writeFileSync(plain, tarArchive(tarEntry({ name: 'a.txt' }, text)));
    expect((await extractArchive(plain, path.join(tmp, 'out-stored-tar'), { limits })).files).toEqual(['a.txt']);
  });

  it('reports progress, ending with the totals', async () => {
    const archive = path.join(tmp, 'many.tar.gz');
    const entries = Array.from({ length: 600 }, (_, i) => tarEntry({ name: `f/${i}.txt` }, `file ${i}\n`));
    fs.writeFileSync(archive, zlib.gzipSync(tarArchive(...entries)));
    const seen: ExtractProgress[] = [];
    const r = await extractArchive(archive, path.join(tmp, 'out-many'), { onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThanOrEqual(3); // every 256 entries, then the end
    expect(seen.at(-1)).toMatchObject({ entries: 600, bytes: r.bytes, totalCompressedBytes: fs.statSync(archive).size });
    expect(seen.at(-1)?.compressedBytesRead).toBe(fs.statSync(archive).size);
  });

  it('stops on abort and removes what it wrote', async () => {
    const archive = path.join(tmp, 'abort.tar');
    fs.writeFileSync(archive, tarArchive(...Array.from({ length: 1000 }, (_, i) => tarEntry({ name: `${i}.txt` }, 'x'))));
    const ac = new AbortController();
    const out = path.join(tmp, 'out-abort');
    const err = await extractArchive(archive, out, { signal: ac.signal, onProgress: () => ac.abort() }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(InputError); // an abort is not the uploader's fault
    expect(err.name).toBe('AbortError');
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses to extract into an existing folder and leaves it alone', async () => {
    const archive = path.join(tmp, 'run.tar');
    const out = path.join(tmp, 'existing');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'keep.txt'), 'mine');
    await expect(extractArchive(archive, out)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(path.join(out, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('detectArchive', () => {
  it('goes by content, not by name', async () => {
    const zip = path.join(tmp, 'really-a-zip.tar.gz');
    fs.writeFileSync(zip, zipSync({ 'a.txt': strToU8('a') }));
    const tgz = path.join(tmp, 'really-a-tgz.zip');
    fs.writeFileSync(tgz, zlib.gzipSync(tarArchive(tarEntry({ name: 'a.txt' }, 'a'))));
    const plainTar = path.join(tmp, 'really-a-tar.txt');
    fs.writeFileSync(plainTar, tarArchive(tarEntry({ name: 'a.txt' }, 'a')));
    const gz = path.join(tmp, 'notes.tar.gz');
    fs.writeFileSync(gz, zlib.gzipSync('just some text, not a tar\n'.repeat(100)));
    const text = path.join(tmp, 'readme.zip');
    fs.writeFileSync(text, 'hello');
    const empty = path.join(tmp, 'empty.tgz');
    fs.writeFileSync(empty, '');
    expect(await detectArchive(zip)).toBe('zip');
    expect(await detectArchive(tgz)).toBe('tar.gz');
    expect(await detectArchive(plainTar)).toBe('tar');
    expect(await detectArchive(gz)).toBe('gzip');
    expect(await detectArchive(text)).toBeNull();
    expect(await detectArchive(empty)).toBeNull();
  });
});
