// Where an OpenEvolve run's files are (the layout is in openevolve.ts's header): the output
// directory at or under the path given, its checkpoints/checkpoint_N directories in numeric
// order, and the checkpoint numbers missing from their grid. SkyDiscover's layout is the same
// (skydiscoverLayout.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isDir, isFile } from './inputFiles';

export const OUTPUT_DIR = 'openevolve_output';
const CHECKPOINT = /^checkpoint_(\d+)$/;

export interface Layout {
  /** The path the user gave; error messages name files relative to it. */
  base: string;
  /** The OpenEvolve output directory itself (base, or base/openevolve_output). */
  root: string;
  checkpoints: { n: number; dir: string }[];
}

export function checkpointsOf(root: string) {
  const dir = path.join(root, 'checkpoints');
  if (!isDir(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => {
      const m = d.isDirectory() ? CHECKPOINT.exec(d.name) : null;
      return m ? [{ n: Number(m[1]), dir: path.join(dir, d.name) }] : [];
    })
    .sort((a, b) => a.n - b.n);
}

/** Finds the OpenEvolve output directory at or directly under `p`; null when there is none. */
export function locateOpenEvolve(p: string): Layout | null {
  const base = path.resolve(p);
  for (const root of [base, path.join(base, OUTPUT_DIR)]) {
    const checkpoints = checkpointsOf(root);
    if (checkpoints.length || isDir(path.join(root, 'db', 'programs'))) return { base, root, checkpoints };
    // A single checkpoint directory given on its own.
    if (isDir(path.join(root, 'programs')) && isFile(path.join(root, 'metadata.json'))) {
      const n = Number(CHECKPOINT.exec(path.basename(root))?.[1] ?? 0);
      return { base, root, checkpoints: [{ n, dir: root }] };
    }
  }
  return null;
}

/**
 * Checkpoint numbers missing from the run's checkpoint grid. The grid step is the config's
 * checkpoint_interval, else the gcd of the numbers (the last one left out: OpenEvolve also
 * saves a final checkpoint off the grid).
 */
export function missingCheckpoints(numbers: number[], interval?: number | null): number[] {
  const ns = [...new Set(numbers)].filter((n) => n > 0).sort((a, b) => a - b);
  if (ns.length < 2) return [];
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const onGrid = ns.length > 2 ? ns.slice(0, -1) : ns;
  const step = interval && interval > 0 ? interval : onGrid.reduce(gcd);
  const have = new Set(ns);
  const out: number[] = [];
  const last = Math.floor(ns[ns.length - 1] / step) * step;
  for (let n = Math.ceil(ns[0] / step) * step; n <= last && out.length < 10_000; n += step) if (!have.has(n)) out.push(n);
  return out;
}
