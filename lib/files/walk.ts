// Listing the files of an import folder. Streaming (fs.opendir, one directory at a time), in a
// fixed order (so two imports of the same folder see the same sequence), and without following
// symbolic links: a link inside an upload could point anywhere on the server.
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface WalkedFile {
  abs: string;
  /** '/'-separated path relative to the root. */
  rel: string;
  size: number;
}

export type SkipReason = 'symlink' | 'special' | 'vanished';

export interface WalkOptions {
  /** Told about every entry that is not yielded: links, devices/FIFOs/sockets, entries deleted while walking. */
  onSkip?: (entry: { abs: string; rel: string; reason: SkipReason }) => void;
}

/**
 * Regular files under `root`, depth first, each directory's entries sorted by name (UTF-16 code
 * units, not locale, so the order is the same on every machine). `root` itself is the caller's
 * choice and may be a link; nothing below it is followed.
 */
export async function* walkFiles(root: string, opts: WalkOptions = {}): AsyncGenerator<WalkedFile> {
  const rootAbs = path.resolve(root);
  // An explicit stack instead of recursion: a deeply nested upload cannot exhaust the call stack.
  const stack: { abs: string; rel: string; names: string[]; next: number }[] = [
    { abs: rootAbs, rel: '', names: await sortedNames(rootAbs), next: 0 },
  ];
  while (stack.length > 0) {
    const dir = stack[stack.length - 1];
    if (dir.next >= dir.names.length) {
      stack.pop();
      continue;
    }
    const name = dir.names[dir.next++];
    const abs = path.join(dir.abs, name);
    const rel = dir.rel === '' ? name : `${dir.rel}/${name}`;
    // lstat, not the dirent type: it never follows a link, and some file systems report no type.
    const st = await fsp.lstat(abs).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (st === null) opts.onSkip?.({ abs, rel, reason: 'vanished' });
    else if (st.isSymbolicLink()) opts.onSkip?.({ abs, rel, reason: 'symlink' });
    else if (st.isDirectory()) stack.push({ abs, rel, names: await sortedNames(abs), next: 0 });
    else if (st.isFile()) yield { abs, rel, size: st.size };
    else opts.onSkip?.({ abs, rel, reason: 'special' });
  }
}

async function sortedNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of await fsp.opendir(dir)) names.push(entry.name);
  return names.sort(); // default sort: by UTF-16 code units
}
