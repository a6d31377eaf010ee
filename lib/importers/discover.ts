// Finding the runs in an upload. An upload may hold one run or several (a/openevolve_output and
// b/openevolve_output, an EvoTrace tree <backend>/<group>/<run>), at any depth. The walk is
// depth-limited, in a fixed order (names sorted by UTF-16 code units, as lib/files/walk.ts),
// and never follows symbolic links: a link inside an upload could point anywhere on the server.
// A directory that a format detects is a run root and is not descended into.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ImportError } from '../trace/schema';
import { importerFor, importFormats } from './detect';
import type { ImporterFormat } from './format';

export interface DiscoveredRun {
  /** The run root, absolute. */
  path: string;
  format: ImporterFormat;
}

export interface DiscoverOptions {
  /** Only this format ('auto' or absent: every registered format, in registry order). */
  format?: string;
  /** Levels below `root` to look at; default 6. */
  maxDepth?: number;
  /** Directories examined before giving up; default 20,000. */
  maxDirectories?: number;
  /** How messages name `root` (default: root itself). */
  label?: string;
}

export const DEFAULT_MAX_DEPTH = 6;
const DEFAULT_MAX_DIRECTORIES = 20_000;

/** Folders that never hold a run: VCS and tool state, and macOS archive debris (`__MACOSX`
 *  mirrors the real tree with `._*` files, so it would look like a second copy of every run). */
const skipped = (name: string) => name.startsWith('.') || name === '__MACOSX' || name === 'node_modules';

async function subdirectories(dir: string): Promise<string[]> {
  const dirs: string[] = [];
  for await (const entry of await fsp.opendir(dir)) {
    if (skipped(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    // A dirent never follows a link; a file system that reports no type gets an lstat (which
    // does not follow one either).
    if (entry.isDirectory()) dirs.push(abs);
    else if (!entry.isFile() && !entry.isSymbolicLink() && (await fsp.lstat(abs).catch(() => null))?.isDirectory()) dirs.push(abs);
  }
  return dirs.sort();
}

/** Every run root under `root` (root included) that a registered format detects. */
export async function discoverRuns(root: string, opts: DiscoverOptions = {}): Promise<DiscoveredRun[]> {
  let formats: readonly ImporterFormat[] = importFormats;
  if (opts.format && opts.format !== 'auto') {
    const f = importerFor(opts.format);
    if (!f) throw new ImportError(`unknown format '${opts.format}' (known: auto, ${importFormats.map((x) => x.format).join(', ')})`);
    formats = [f];
  }
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxDirectories = opts.maxDirectories ?? DEFAULT_MAX_DIRECTORIES;
  const found: DiscoveredRun[] = [];
  let examined = 0;
  // Depth first with an explicit stack, children pushed in reverse so they pop in name order.
  const stack: { dir: string; depth: number }[] = [{ dir: path.resolve(root), depth: 0 }];
  while (stack.length) {
    const { dir, depth } = stack.pop()!;
    if (++examined > maxDirectories) {
      throw new ImportError(`more than ${maxDirectories} folders to search for runs under ${opts.label ?? root}; point the import at the run's own folder`);
    }
    let format: ImporterFormat | null = null;
    for (const f of formats) {
      if (await f.detect(dir)) {
        format = f;
        break;
      }
    }
    if (format) {
      found.push({ path: dir, format });
      continue;
    }
    if (depth >= maxDepth) continue;
    // Below the root only real directories are stacked; the root may be a file, or a link the
    // caller chose to give.
    if (depth === 0 && !(await fsp.stat(dir).catch(() => null))?.isDirectory()) continue;
    const children = await subdirectories(dir);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ dir: children[i], depth: depth + 1 });
  }
  return found;
}
