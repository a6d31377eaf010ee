// Large inputs, generated as streams (never built in memory): archive bombs must be stopped
// within their first megabytes, and a large honest archive must extract in bounded memory.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from './errors';
import { extractArchive, type ExtractProgress } from './extractArchive';
import { listTree, makeTempDir, pseudoRandomText, tarEnd, tarHeader, zipArchive } from './testArchives';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// Compressing gigabytes in a test takes seconds, so the archives are assembled from blocks
// compressed once: gzip allows a file to be a sequence of members (gunzip reads them all as one
// stream), and deflate blocks ended by a sync flush can be concatenated into one deflate stream.
// The archives are still real: every byte is inflated by the code under test.

const zeros = Buffer.alloc(MiB);
const gzipMember = (b: Buffer) => zlib.gzipSync(b);

/** Writes the buffers of `parts` to `file`, one at a time. */
async function writeParts(file: string, parts: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<void> {
  await pipeline(Readable.from(parts), fs.createWriteStream(file));
}

async function expectBombStopped(archive: string, entry: string) {
  const out = path.join(tmp, `out-${path.basename(archive)}`);
  let maxBytes = 0;
  const started = Date.now();
  const err = await extractArchive(archive, out, { onProgress: (p) => (maxBytes = Math.max(maxBytes, p.bytes)) }).catch((e) => e);
  expect(err).toBeInstanceOf(InputError);
  expect(err.code).toBe('compression-ratio');
  expect(err.message).toContain(entry);
  expect(maxBytes).toBeLessThan(64 * MiB); // stopped just past the 10 MiB grace, not at 1 GiB
  expect(Date.now() - started).toBeLessThan(5000);
  expect(fs.existsSync(out)).toBe(false);
  expect(listTree(tmp)).toEqual([path.basename(archive)]);
  fs.rmSync(archive);
}

describe('archive bombs (1 GiB of zeros, default limits)', () => {
  it('stops a .tar.gz bomb by its compression ratio', async () => {
    const archive = path.join(tmp, 'bomb.tar.gz');
    const zerosMember = gzipMember(zeros); // 1 MiB of zeros in about 1 KiB
    await writeParts(archive, (function* () {
      yield gzipMember(tarHeader({ name: 'zeros.bin', size: GiB }));
      for (let i = 0; i < 1024; i++) yield zerosMember;
      yield gzipMember(tarEnd());
    })());
    expect(fs.statSync(archive).size).toBeLessThan(2 * MiB);
    await expectBombStopped(archive, 'zeros.bin');
  });

  it('stops a .zip bomb by its compression ratio', async () => {
    const archive = path.join(tmp, 'bomb.zip');
    const block = zlib.deflateRawSync(zeros, { finishFlush: zlib.constants.Z_SYNC_FLUSH }); // not final
    const compressed = Buffer.concat([...Array<Buffer>(1024).fill(block), zlib.deflateRawSync(Buffer.alloc(0))]);
    let crc = 0;
    for (let i = 0; i < 1024; i++) crc = zlib.crc32(zeros, crc);
    fs.writeFileSync(archive, zipArchive([{ name: 'zeros.bin', raw: { compressed, crc, size: GiB } }]));
    await expectBombStopped(archive, 'zeros.bin');
  });
});

describe('memory', () => {
  it('streams a 200 MB .tar.gz: resident memory grows far less than the archive', async () => {
    // 8 distinct 1 MiB blocks of pseudo-random text (about 1.3:1 compressible, far from the ratio
    // limit), laid out in a seeded pseudo-random order: 4 files of 64 MiB.
    const blocks = Array.from({ length: 8 }, (_, i) => pseudoRandomText(MiB, 1000 + i).chunk);
    const members = blocks.map((b) => zlib.gzipSync(b, { level: 1 }));
    const files = [0, 1, 2, 3].map((i) => ({ name: `run/part${i}.txt`, order: [] as number[], crc: 0 }));
    let pick = 7;
    for (const f of files) {
      for (let k = 0; k < 64; k++) {
        pick = (pick * 1103515245 + 12345) % 2 ** 31;
        f.order.push(pick % blocks.length);
        f.crc = zlib.crc32(blocks[f.order[k]], f.crc);
      }
    }
    const archive = path.join(tmp, 'big.tar.gz');
    await writeParts(archive, (function* () {
      for (const f of files) {
        yield gzipMember(tarHeader({ name: f.name, size: 64 * MiB }));
        for (const b of f.order) yield members[b];
      }
      yield gzipMember(tarEnd());
    })());
    const archiveSize = fs.statSync(archive).size;
    expect(archiveSize).toBeGreaterThan(190 * MiB);

    // Warm up first (thread pool, zlib, allocator arenas), so the baseline holds the one-time costs.
    const warm = path.join(tmp, 'warm.tar.gz');
    await writeParts(warm, [gzipMember(tarHeader({ name: 'w.txt', size: MiB })), members[0], gzipMember(tarEnd())]);
    await extractArchive(warm, path.join(tmp, 'out-warm'));

    const out = path.join(tmp, 'out-big');
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = (p: ExtractProgress) => {
      peak = Math.max(peak, process.memoryUsage().rss);
      return p;
    };
    const started = Date.now();
    const r = await extractArchive(archive, out, { onProgress: sample });
    const seconds = (Date.now() - started) / 1000;
    const growth = peak - baseline;
    console.log(`extracted a ${(archiveSize / MiB).toFixed(0)} MiB .tar.gz (${r.bytes / MiB} MiB unpacked) in ${seconds.toFixed(1)} s; rss grew ${(growth / MiB).toFixed(1)} MiB`);
    // Measured: about 30 MiB (heap and allocator), the same for a 50 MiB archive as for this one.
    expect(growth).toBeLessThan(archiveSize / 3);
    expect(r.files).toEqual(files.map((f) => f.name));
    expect(r.bytes).toBe(256 * MiB);
    for (const f of files) {
      let crc = 0;
      for await (const c of fs.createReadStream(path.join(out, f.name))) crc = zlib.crc32(c as Buffer, crc);
      expect(crc).toBe(f.crc);
    }
  });
});
