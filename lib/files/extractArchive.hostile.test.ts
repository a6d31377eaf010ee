// Every hostile archive is built here, byte by byte where needed, and each must fail with the
// right code, name the entry, leave no destination folder, write nothing anywhere else, and leave
// no file descriptor open.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveLimits } from './archiveBudget';
import { InputError, type InputErrorCode } from './errors';
import { extractArchive } from './extractArchive';
import {
  listTree,
  makeTempDir,
  openFds,
  paxEntry,
  pseudoRandomText,
  S_IFLNK,
  tarArchive,
  tarEntry,
  tarHeader,
  zipArchive,
} from './testArchives';

let tmp: string;
let caseNo = 0;
beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Writes `bytes` as case/in/<fileName>, extracts into case/x/y/out (so "../../" from out still lands
 * inside case/), and checks the failure and everything it must not have left behind.
 */
async function expectRejected(
  fileName: string,
  bytes: Buffer,
  code: InputErrorCode,
  named: string,
  limits?: Partial<ArchiveLimits>,
): Promise<InputError> {
  const caseDir = path.join(tmp, `case${++caseNo}`);
  fs.mkdirSync(path.join(caseDir, 'in'), { recursive: true });
  fs.mkdirSync(path.join(caseDir, 'x', 'y'), { recursive: true });
  const archive = path.join(caseDir, 'in', fileName);
  fs.writeFileSync(archive, bytes);
  const before = listTree(caseDir);
  const fdsBefore = openFds();
  const out = path.join(caseDir, 'x', 'y', 'out');

  const err = await extractArchive(archive, out, { limits }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'extraction should fail').toBeInstanceOf(InputError);
  const e = err as InputError;
  expect(e.code).toBe(code);
  expect(e.message).toContain(named);
  expect(fs.existsSync(out)).toBe(false);
  expect(listTree(caseDir)).toEqual(before);
  // Names that climb far enough would land here: the hostile names all contain "evil".
  for (const dir of ['/', '/etc', path.dirname(tmp)]) expect(fs.readdirSync(dir).filter((n) => n.includes('evil'))).toEqual([]);
  // Nothing under the test folder may stay open (other descriptors belong to the test runner).
  expect(openFds().filter((f) => f.startsWith(tmp) && !fdsBefore.includes(f))).toEqual([]);
  return e;
}

const file = (name: string, data = 'x') => tarEntry({ name }, data);

describe('paths that leave the folder', () => {
  it.each([
    ['../../evil.txt', 'zip-slip'],
    ['a/../../b/evil.txt', 'zip-slip'],
    ['..\\..\\evil.txt', 'zip-slip'],
    ['ok/..\\..\\..\\evil.txt', 'zip-slip'],
    ['/etc/evil.txt', 'absolute-path'],
    ['C:\\Windows\\evil.txt', 'absolute-path'],
    ['C:evil.txt', 'absolute-path'],
    ['\\\\server\\share\\evil.txt', 'absolute-path'],
  ] as const)('tar entry %s -> %s', async (name, code) => {
    const e = await expectRejected('a.tar', tarArchive(file('fine.txt'), file(name)), code, name);
    expect(e.file).toBe(name);
  });

  it.each([
    ['/etc/passwd', 'absolute-path'],
    ['..\\x', 'zip-slip'],
    ['../../evil.txt', 'zip-slip'],
    ['dir/../../../evil.txt', 'zip-slip'],
  ] as const)('zip entry %s -> %s', async (name, code) => {
    await expectRejected('a.zip', zipArchive([{ name: 'fine.txt', data: 'ok' }, { name, data: 'root::0:0' }]), code, name);
  });

  it('checks a pax path record, not only the header name', async () => {
    const bytes = tarArchive(paxEntry({ path: '../../pax-evil.txt' }), file('innocent.txt'));
    await expectRejected('pax.tar', bytes, 'zip-slip', '../../pax-evil.txt');
  });

  it('checks a GNU long-name record', async () => {
    const longName = `${'../'.repeat(40)}gnu-evil.txt`;
    const bytes = tarArchive(tarEntry({ name: '././@LongLink', type: 'L' }, `${longName}\0`), file('innocent.txt'));
    await expectRejected('gnu.tar.gz', zlib.gzipSync(bytes), 'zip-slip', 'gnu-evil.txt');
  });

  it('refuses a NUL byte in a zip name', async () => {
    await expectRejected('nul.zip', zipArchive([{ name: 'a\0b.txt', data: 'x' }]), 'invalid-path', 'a\\x00b.txt');
  });
});

describe('links and special files', () => {
  it('refuses a tar symlink to /etc', async () => {
    const bytes = tarArchive(tarHeader({ name: 'etc', type: '2', linkname: '/etc' }), file('etc/passwd', 'pwned'));
    const e = await expectRejected('link.tar.gz', zlib.gzipSync(bytes), 'symlink', 'etc');
    expect(e.message).toContain('/etc');
  });

  it('refuses a symlink even when it points inside', async () => {
    await expectRejected('inside.tar', tarArchive(file('a.txt'), tarHeader({ name: 'b.txt', type: '2', linkname: 'a.txt' })), 'symlink', 'b.txt');
  });

  it('refuses a hard link', async () => {
    await expectRejected('hard.tar', tarArchive(file('a.txt'), tarHeader({ name: 'h.txt', type: '1', linkname: 'a.txt' })), 'symlink', 'h.txt');
  });

  it('refuses a zip symlink entry (Unix mode in the external attributes)', async () => {
    const link = { name: 'cfg', data: '/etc', method: 0, externalAttrs: ((S_IFLNK | 0o777) << 16) >>> 0 };
    await expectRejected('link.zip', zipArchive([link, { name: 'cfg/passwd', data: 'x' }]), 'symlink', 'cfg');
  });

  it.each([
    ['3', 'char device'],
    ['4', 'block device'],
    ['6', 'FIFO'],
  ])('refuses a tar entry of type %s (%s)', async (type) => {
    await expectRejected('dev.tar', tarArchive(tarHeader({ name: 'dev/thing', type })), 'special-file', 'dev/thing');
  });
});

describe('budget', () => {
  it('refuses 10,001 tar entries with maxEntries 10,000', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => tarHeader({ name: `e/${i}` }));
    await expectRejected('many.tar.gz', zlib.gzipSync(tarArchive(...entries)), 'too-many-entries', 'e/10000', { maxEntries: 10_000 });
  });

  it('refuses 10,001 zip entries with maxEntries 10,000 before reading any', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `e/${i}`, data: '', method: 0 }));
    const e = await expectRejected('many.zip', zipArchive(entries), 'too-many-entries', 'many.zip', { maxEntries: 10_000 });
    expect(e.message).toContain('10001');
  });

  it('refuses a file above maxEntryBytes', async () => {
    const big = 'y'.repeat(300_000);
    await expectRejected('big.tar', tarArchive(file('small.txt'), file('big.txt', big)), 'too-large', 'big.txt', { maxEntryBytes: 200_000 });
    await expectRejected('big.zip', zipArchive([{ name: 'big.txt', data: big }]), 'too-large', 'big.txt', { maxEntryBytes: 200_000 });
  });

  it('counts the total while streaming', async () => {
    const parts = [file('1.txt', 'a'.repeat(400_000)), file('2.txt', 'b'.repeat(400_000)), file('3.txt', 'c'.repeat(400_000))];
    await expectRejected('total.tar', tarArchive(...parts), 'too-large', '3.txt', { maxTotalBytes: 1_000_000 });
  });

  it('does not trust a zip header that understates the size', async () => {
    const liar = { name: 'liar.bin', data: 'z'.repeat(1_000_000), declaredSize: 1000 };
    await expectRejected('liar.zip', zipArchive([liar]), 'corrupt-archive', 'liar.bin');
  });
});

describe('damaged archives', () => {
  let tgz: Buffer;
  beforeAll(async () => {
    // Pseudo-random text, so the cut lands inside compressed data rather than in a run of zeros.
    const src = path.join(tmp, 'damaged-src');
    fs.mkdirSync(src);
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(src, `f${i}.txt`), pseudoRandomText(100_000, i + 1).chunk);
    await tar.c({ gzip: true, file: path.join(tmp, 'damaged.tgz'), cwd: src }, fs.readdirSync(src));
    tgz = fs.readFileSync(path.join(tmp, 'damaged.tgz'));
  });
  const cut = (b: Buffer, keep = 0.7) => b.subarray(0, Math.floor(b.length * keep));

  it('reports a truncated .tar.gz (last 30% cut)', async () => {
    const e = await expectRejected('run.tar.gz', cut(tgz), 'truncated', 'run.tar.gz');
    expect(e.message).toMatch(/while reading "f\d\.txt"/);
  });

  it('reports a .tar.gz cut inside its gzip trailer', async () => {
    await expectRejected('run.tgz', tgz.subarray(0, tgz.length - 4), 'truncated', 'run.tgz');
  });

  it('reports a truncated plain tar', async () => {
    await expectRejected('run.tar', cut(zlib.gunzipSync(tgz)), 'truncated', 'run.tar');
  });

  it('reports corrupt gzip data', async () => {
    const bad = Buffer.from(tgz);
    bad.fill(0xff, 2000, 2100);
    await expectRejected('run.tar.gz', bad, 'corrupt-archive', 'run.tar.gz');
  });

  it('reports a bad tar header checksum', async () => {
    const bytes = tarArchive(file('a.txt'), file('b.txt'));
    bytes[1024 + 10] ^= 0x01; // inside the second header's name
    await expectRejected('sum.tar', bytes, 'corrupt-archive', 'after "a.txt"');
  });

  it('reports a truncated zip (last 30% cut)', async () => {
    const zip = zipArchive([0, 1, 2].map((i) => ({ name: `f${i}.txt`, data: pseudoRandomText(50_000, i + 7).chunk })));
    await expectRejected('run.zip', cut(zip), 'truncated', 'run.zip');
  });

  it('reports corrupt zip entry data, naming the entry', async () => {
    const zip = zipArchive([{ name: 'good.txt', data: 'fine' }, { name: 'bad.txt', data: pseudoRandomText(50_000, 3).chunk }]);
    zip.fill(0x00, 2000, 2200);
    await expectRejected('run.zip', zip, 'corrupt-archive', 'bad.txt');
  });

  it('reports a damaged central directory', async () => {
    const zip = zipArchive([{ name: 'a.txt', data: 'a' }]);
    zip.writeUInt32LE(0xdeadbeef, zip.length - 22 - 46 - 5); // the central header's signature
    await expectRejected('cd.zip', zip, 'corrupt-archive', 'cd.zip');
  });

  it('refuses encrypted zip entries', async () => {
    await expectRejected('secret.zip', zipArchive([{ name: 'secret.txt', data: 'x', flags: 0x801 }]), 'encrypted', 'secret.txt');
  });

  it('refuses a plain .gz that is not a tar, and a non-archive', async () => {
    const e = await expectRejected('notes.tar.gz', zlib.gzipSync('a single compressed text file\n'), 'unsupported-archive', 'notes.tar.gz');
    expect(e.message).toContain('not a tar archive');
    await expectRejected('readme.zip', Buffer.from('just text'), 'unsupported-archive', 'readme.zip');
  });

  it('refuses duplicate files and file/folder conflicts', async () => {
    await expectRejected('dup.tar', tarArchive(file('a.txt', '1'), file('a.txt', '2')), 'duplicate-entry', 'a.txt');
    await expectRejected('clash.tar', tarArchive(file('a', 'file'), file('a/b.txt')), 'path-conflict', 'a/b.txt');
    await expectRejected('clash.zip', zipArchive([{ name: 'd/', data: '' }, { name: 'd', data: 'file' }]), 'path-conflict', 'd');
  });
});

describe('random damage', () => {
  it('every mutated archive either extracts or fails with an InputError: no hang, no crash, no leak', async () => {
    const files = [0, 1, 2, 3].map((i) => ({ name: `d${i}/f${i}.txt`, data: pseudoRandomText(3000 * (i + 1), i + 1).chunk }));
    const tarBytes = tarArchive(...files.map((f) => tarEntry({ name: f.name }, f.data)));
    const bases = [
      { name: 'm.tar', bytes: tarBytes, headers: [0, 512] },
      { name: 'm.tar.gz', bytes: zlib.gzipSync(tarBytes), headers: [0, 64] },
      { name: 'm.zip', bytes: zipArchive(files), headers: [-300, 0] }, // central directory and end record
    ];
    let seed = 12345;
    const rnd = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const dir = path.join(tmp, 'fuzz');
    fs.mkdirSync(dir);
    const outcomes = new Set<string>();
    for (let k = 0; k < 90; k++) {
      const base = bases[k % bases.length];
      const bytes = Buffer.from(base.bytes);
      for (let m = 1 + rnd(4); m > 0; m--) {
        // Half of the damage goes to the headers, where the parsers make their decisions.
        const [from, to] = base.headers.map((h) => (h < 0 ? bytes.length + h : h || bytes.length));
        bytes[rnd(2) ? from + rnd(to - from) : rnd(bytes.length)] = rnd(256);
      }
      const archive = path.join(dir, base.name);
      fs.writeFileSync(archive, bytes);
      const out = path.join(dir, 'out');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('hang'), 5000).unref());
      const result = await Promise.race([
        extractArchive(archive, out).then(
          () => 'ok',
          (e: unknown) => (e instanceof InputError ? e.code : `unexpected ${String(e)}`),
        ),
        timeout,
      ]);
      outcomes.add(`${base.name}: ${result}`);
      expect(result, `mutation ${k} of ${base.name}`).not.toMatch(/^(hang|unexpected)/);
      if (result === 'ok') fs.rmSync(out, { recursive: true });
      else expect(fs.existsSync(out)).toBe(false);
    }
    expect(openFds().filter((f) => f.startsWith(dir))).toEqual([]);
    expect([...outcomes].some((o) => o.includes('corrupt-archive'))).toBe(true);
  });
});
