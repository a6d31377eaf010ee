// Where ShinkaEvolve results directories are (the layout is in shinka.ts's header): the
// directory given, or those directly under it, holding gen_N/ folders; and the program database
// in one of them.
import path from 'node:path';
import { isFile, listDir } from './shinkaFiles';
import { GEN_DIR } from './shinkaFolder';

type Json = Record<string, unknown>;

const DB_NAMES = ['evolution_db.sqlite', 'programs.sqlite'];

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A gen_N/ folder holding main.* or results/ marks a results directory. */
async function isResultsDir(dir: string): Promise<boolean> {
  for (const e of await listDir(dir)) {
    if (!e.isDir || !GEN_DIR.test(e.name)) continue;
    const inner = await listDir(path.join(dir, e.name));
    if (inner.some((f) => (f.isDir && f.name === 'results') || (f.isFile && /^main\.[^.]+$/.test(f.name)))) return true;
  }
  return false;
}

/** The results directory at `p`, or those directly under it; null when there is none. */
export async function locateShinka(p: string): Promise<{ base: string; roots: string[] } | null> {
  const base = path.resolve(p);
  if (await isResultsDir(base)) return { base, roots: [base] };
  const roots: string[] = [];
  for (const e of (await listDir(base)).filter((d) => d.isDir).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (await isResultsDir(path.join(base, e.name))) roots.push(path.join(base, e.name));
  }
  return roots.length ? { base, roots } : null;
}

/** The program database: database_config.db_path's file name, else DB_NAMES; null when there is none. */
export async function findDb(root: string, dbConfig: Json): Promise<string | null> {
  const configured = str(dbConfig.db_path);
  const names = [...(configured ? [path.basename(configured)] : []), ...DB_NAMES];
  for (const n of names) if (await isFile(path.join(root, n))) return path.join(root, n);
  return null;
}
