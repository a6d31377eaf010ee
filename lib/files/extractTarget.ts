// The extraction folder as the archive readers see it: they hand over a checked relative path
// and a stream of bytes, and this is the only code that creates anything on disk.
import fsCallback from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { InputError } from './errors';

// Modes from the archive are not trusted (setuid bits, world-writable files, unreadable dirs).
const FILE_MODE = 0o644;
const DIR_MODE = 0o755;

// Plain descriptors rather than FileHandle: opening and closing a FileHandle costs about four
// times as much, which is most of the time spent on an archive of many small files.
const openFile = promisify(fsCallback.open);
const closeFile = promisify(fsCallback.close);
function writeAll(fd: number, buf: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = (off: number) =>
      fsCallback.write(fd, buf, off, buf.length - off, null, (err, n) => {
        if (err) reject(err);
        else if (off + n < buf.length) from(off + n);
        else resolve();
      });
    from(0);
  });
}

export class ExtractTarget {
  /** Relative paths of the files written, in archive order. */
  readonly files: string[] = [];
  private readonly dirs = new Set<string>(['']);

  /** `root` is an absolute, freshly created, empty directory. */
  constructor(readonly root: string) {}

  async mkdir(rel: string, name: string): Promise<void> {
    if (this.dirs.has(rel)) return;
    try {
      await fs.mkdir(this.resolve(rel, name), { recursive: true, mode: DIR_MODE });
    } catch (e) {
      throw this.conflict(e, name, 'a directory');
    }
    // Every ancestor now exists too.
    for (let d = rel; d !== '' && d !== '.'; d = path.posix.dirname(d)) this.dirs.add(d);
  }

  /**
   * Writes one file. `beforeWrite` sees each chunk before it reaches the disk, so a limit it
   * enforces never lets an over-limit byte be written.
   */
  async writeFile(rel: string, name: string, data: AsyncIterable<Uint8Array>, beforeWrite: (n: number) => void): Promise<void> {
    if (rel === '') throw new InputError('invalid-path', 'file entry has an empty name', { file: name });
    const abs = this.resolve(rel, name);
    await this.mkdir(path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel), name);
    let fd: number;
    try {
      // 'wx': never overwrite, never follow whatever might sit at that path.
      fd = await openFile(abs, 'wx', FILE_MODE);
    } catch (e) {
      throw await this.openFailure(e, abs, name);
    }
    try {
      for await (const chunk of data) {
        beforeWrite(chunk.length);
        await writeAll(fd, chunk);
      }
    } finally {
      await closeFile(fd);
    }
    this.files.push(rel);
  }

  private resolve(rel: string, name: string): string {
    const abs = path.resolve(this.root, ...rel.split('/'));
    // Second guard behind safeEntryPath: whatever the name was, it must land under root.
    if (abs !== this.root && !abs.startsWith(this.root + path.sep)) {
      throw new InputError('zip-slip', 'entry path leads outside the extraction folder', { file: name });
    }
    return abs;
  }

  private async openFailure(e: unknown, abs: string, name: string): Promise<unknown> {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return this.conflict(e, name, 'a file');
    const existing = await fs.lstat(abs).catch(() => null);
    if (existing?.isDirectory()) return this.conflict(e, name, 'a file');
    return new InputError('duplicate-entry', 'the archive contains this file more than once', { file: name, cause: e });
  }

  private conflict(e: unknown, name: string, what: string): unknown {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') {
      return new InputError('path-conflict', `cannot create ${what} here: another entry of the archive is in the way`, {
        file: name,
        cause: e,
      });
    }
    if (code === 'ENAMETOOLONG') return new InputError('invalid-path', 'entry path is too long', { file: name, cause: e });
    // Disk full, permissions: our problem, not the uploader's; let the caller retry.
    return e;
  }
}
