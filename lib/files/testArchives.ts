// Test-only helpers: raw tar and zip bytes written field by field, so tests can build the
// hostile archives that well-behaved libraries refuse to produce. Imported by *.test.ts only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// ---- tar -------------------------------------------------------------------------------------

export interface TarHeaderSpec {
  name: string;
  size?: number;
  /** Type flag: '0' file, '1' hard link, '2' symlink, '3' char device, '5' dir, '6' FIFO, 'x' pax, 'L' GNU long name. */
  type?: string;
  linkname?: string;
  mode?: number;
}

/** One 512-byte ustar header with a correct checksum; `name` is written as given, unchecked. */
export function tarHeader({ name, size = 0, type = '0', linkname = '', mode = 0o644 }: TarHeaderSpec): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode, 7), 100);
  h.write(octal(0, 7), 108);
  h.write(octal(0, 7), 116);
  h.write(octal(size, 11), 124);
  h.write(octal(1_700_000_000, 11), 136);
  h.write(type, 156);
  h.write(linkname, 157, 100, 'utf8');
  h.write('ustar\u000000', 257, 'latin1');
  h.fill(0x20, 148, 156); // checksum is computed with its own field as spaces
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return h;
}

const octal = (n: number, width: number) => n.toString(8).padStart(width, '0') + '\u0000';
export const tarPad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);
export const tarEnd = () => Buffer.alloc(1024);

/** A header, its data and padding. */
export function tarEntry(spec: TarHeaderSpec, data: Buffer | string = ''): Buffer {
  const body = Buffer.from(data);
  return Buffer.concat([tarHeader({ ...spec, size: body.length }), body, tarPad(body.length)]);
}

/** A pax extended header ('x') whose records override the next entry's fields. */
export function paxEntry(records: Record<string, string>): Buffer {
  const text = Object.entries(records)
    .map(([k, v]) => {
      const rest = ` ${k}=${v}\n`;
      let len = Buffer.byteLength(rest) + 1;
      while (String(len).length + Buffer.byteLength(rest) !== len) len++;
      return `${len}${rest}`;
    })
    .join('');
  return tarEntry({ name: 'PaxHeader', type: 'x' }, text);
}

export const tarArchive = (...entries: Buffer[]) => Buffer.concat([...entries, tarEnd()]);

// ---- zip -------------------------------------------------------------------------------------

export interface ZipEntrySpec {
  name: string | Buffer;
  data?: Buffer | string;
  /** 0 stored, 8 deflate (default). */
  method?: number;
  flags?: number;
  /** High 16 bits: Unix st_mode. */
  externalAttrs?: number;
  /** Already-compressed bytes, with the crc and size they stand for (for big generated entries). */
  raw?: { compressed: Buffer; crc: number; size: number };
  /** Lie in the headers about the unpacked size. */
  declaredSize?: number;
}

/** A complete zip archive: local headers, data, central directory, end record. */
export function zipArchive(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.method ?? 8;
    const data = Buffer.from(e.data ?? '');
    const raw = e.raw ?? { compressed: method === 8 ? zlib.deflateRawSync(data) : data, crc: zlib.crc32(data), size: data.length };
    const size = e.declaredSize ?? raw.size;
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(e.flags ?? 0x800, at + 2); // UTF-8 names unless told otherwise
      b.writeUInt16LE(method, at + 4);
      b.writeUInt16LE(0, at + 6);
      b.writeUInt16LE(0x5821, at + 8);
      b.writeUInt32LE(raw.crc >>> 0, at + 10);
      b.writeUInt32LE(raw.compressed.length, at + 14);
      b.writeUInt32LE(size, at + 18);
      b.writeUInt16LE(name.length, at + 22);
      b.writeUInt16LE(0, at + 24); // extra length
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    common(central, 6);
    central.writeUInt32LE((e.externalAttrs ?? 0) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, raw.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + raw.compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export const S_IFLNK = 0o120000;
export const S_IFREG = 0o100000;

// ---- files -----------------------------------------------------------------------------------

export const makeTempDir = (prefix = 'evoscope-files-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Every path under `dir`, relative, '/'-separated, folders with a trailing '/', sorted. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.push(`${r}/`);
        walk(path.join(d, e.name), r);
      } else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

/** Deterministic pseudo-random printable text (a seeded xorshift; never Math.random). */
export function pseudoRandomText(bytes: number, seed: number): { chunk: Buffer; seed: number } {
  const alphabet = Buffer.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n{}":,.');
  const out = Buffer.allocUnsafe(bytes);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < bytes; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = alphabet[(s >>> 0) % alphabet.length];
  }
  return { chunk: out, seed: s };
}

/**
 * What each open descriptor of this process points at ("/tmp/x/a.txt", "pipe:[123]"), on Linux;
 * tests use it to show a failed read leaves no file open.
 */
export function openFds(): string[] {
  if (!fs.existsSync('/proc/self/fd')) return [];
  return fs.readdirSync('/proc/self/fd').map((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return `fd ${fd} (closed while listing)`;
    }
  });
}
