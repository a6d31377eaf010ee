// Turns an archive entry name into a relative path that cannot leave the extraction folder.
// Names are checked as text before anything touches the disk, and extractTarget.ts checks the
// resolved absolute path again: two independent guards against zip-slip.
import { InputError } from './errors';

// Linux limits (NAME_MAX, PATH_MAX); longer names would fail later with a less clear ENAMETOOLONG.
const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_BYTES = 4000;

/**
 * The normalised relative path ("a/b/c.txt", '' for the archive root itself, e.g. "./") of an
 * entry name, or an InputError naming the entry.
 *
 * Backslashes count as separators: an archive made on Windows uses them, and treating
 * `..\x` as a plain file name on Linux would still plant a trap for any Windows consumer.
 * `a/../b` is accepted because it stays inside; anything that climbs above the root is not.
 */
export function safeEntryPath(name: string): string {
  if (name.includes('\0')) throw new InputError('invalid-path', 'entry name contains a NUL byte', { file: name });
  const slashed = name.replace(/\\/g, '/');
  // "/etc/x", "//server/share" (from "\\server\share"), "C:\x" and the drive-relative "C:x".
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    throw new InputError('absolute-path', 'absolute path in archive (entries must be relative)', { file: name });
  }
  const parts: string[] = [];
  for (const seg of slashed.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) {
        throw new InputError('zip-slip', 'entry path leads outside the extraction folder', { file: name });
      }
      parts.pop();
      continue;
    }
    if (Buffer.byteLength(seg) > MAX_SEGMENT_BYTES) {
      throw new InputError('invalid-path', `a path component is longer than ${MAX_SEGMENT_BYTES} bytes`, { file: name });
    }
    parts.push(seg);
  }
  const rel = parts.join('/');
  if (Buffer.byteLength(rel) > MAX_PATH_BYTES) {
    throw new InputError('invalid-path', `entry path is longer than ${MAX_PATH_BYTES} bytes`, { file: name });
  }
  return rel;
}
