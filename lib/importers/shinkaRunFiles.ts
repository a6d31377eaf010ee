// The run-level files of a ShinkaEvolve results directory (the layout and their fields are in
// shinka.ts's header): experiment_config.yaml, the meta-LLM's memory and summaries, the logs'
// names and sizes, which program best/ copies, and a prompt archive in its own SQLite file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import { readJsonObject } from '../files/readJson';
import type { ImportWarning } from '../trace/schema';
import { unwrapOmegaConf } from './omegaConf';
import { parsePythonJson } from './pythonJson';
import { readShinkaPromptDb, type ShinkaPrompt } from './shinkaDb';
import { isFile, listDir, normaliseEol, readTextStrict } from './shinkaFiles';

type Json = Record<string, unknown>;

const META_TXT = /^meta_(\d+)\.txt$/;
const MAX_META_TXT_BYTES = 4 * 1024 ** 2;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Counts the files read (ReadOptions.onFileRead) and names them relative to the path given. */
export class Reader {
  filesRead = 0;
  constructor(
    readonly base: string,
    private readonly onFileRead?: (n: number) => void,
  ) {}
  rel = (abs: string) => path.relative(this.base, abs).split(path.sep).join('/') || path.basename(abs);
  tick = () => {
    this.filesRead++;
    this.onFileRead?.(this.filesRead);
  };
}

export async function readConfig(root: string, r: Reader, warnings: ImportWarning[]): Promise<{ config: Json | null; backReferences: number }> {
  const file = path.join(root, 'experiment_config.yaml');
  if (!(await isFile(file))) return { config: null, backReferences: 0 };
  const text = await readTextStrict(file, r.rel(file));
  r.tick();
  try {
    // An OmegaConf object dumped by PyYAML: `_parent` aliases point back at their container.
    const dropped: string[] = [];
    const parsed = unwrapOmegaConf(parseYamlBounded(text, undefined, { dropBackReferences: true, dropped }));
    if (isObject(parsed)) return { config: parsed, backReferences: dropped.length };
    warnings.push({ code: 'config-unreadable', message: 'config not read: not a mapping', file: r.rel(file) });
  } catch (e) {
    warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: r.rel(file) });
  }
  return { config: null, backReferences: 0 };
}

/** meta_memory.json, meta_N.txt and meta/meta_N.txt (numeric order) and the top-level logs' names and sizes. */
export async function readRunMeta(root: string, r: Reader) {
  const entries = (await listDir(root)).filter((e) => e.isFile);
  const metaDir = path.join(root, 'meta');
  const inMetaDir = (await listDir(metaDir)).filter((e) => e.isFile && META_TXT.test(e.name));
  const memoryFile = path.join(root, 'meta_memory.json');
  let memory: Json | null = null;
  if (entries.some((e) => e.name === 'meta_memory.json')) {
    memory = await readJsonObject(memoryFile, r.rel(memoryFile), { parse: parsePythonJson });
    r.tick();
  }
  const summaries: Record<string, string> = {};
  const metaTxt = entries.filter((e) => META_TXT.test(e.name)).map((e) => e.name);
  const metaFiles = [...metaTxt.map((n) => path.join(root, n)), ...inMetaDir.map((e) => path.join(metaDir, e.name))];
  metaFiles.sort((a, b) => Number(META_TXT.exec(path.basename(a))![1]) - Number(META_TXT.exec(path.basename(b))![1]));
  for (const file of metaFiles) {
    summaries[path.relative(root, file).split(path.sep).join('/')] = await readTextStrict(file, r.rel(file), MAX_META_TXT_BYTES);
    r.tick();
  }
  const logs = [];
  for (const e of entries.filter((f) => f.name.endsWith('.log'))) {
    logs.push({ file: r.rel(path.join(root, e.name)), bytes: (await fs.stat(path.join(root, e.name))).size });
  }
  return { memory, summaries, logs };
}

/** Which program best/ is a copy of, by its main.* text. */
export async function bestCopyOf(root: string, r: Reader, programs: { externalId: string; code: string }[], ext: string | null) {
  const dir = path.join(root, 'best');
  const files = (await listDir(dir)).filter((e) => e.isFile && /^main\.[^.]+$/.test(e.name)).map((e) => e.name);
  const name = files.find((f) => f.endsWith(`.${ext}`)) ?? files[0];
  if (!name) return null;
  const code = normaliseEol(await readTextStrict(path.join(dir, name), r.rel(path.join(dir, name))));
  r.tick();
  const same = programs.filter((p) => normaliseEol(p.code) === code).map((p) => p.externalId);
  return { file: r.rel(path.join(dir, name)), sameAs: same.at(-1) ?? null };
}

/**
 * The prompt archive of meta-prompt evolution when it sits in its own SQLite file beside the
 * program database (any other top-level *.sqlite holding a system_prompts table).
 */
export async function readPromptArchive(root: string, dbFile: string | null, r: Reader, maxBytes?: number): Promise<ShinkaPrompt[] | null> {
  for (const e of await listDir(root)) {
    const abs = path.join(root, e.name);
    if (!e.isFile || !e.name.endsWith('.sqlite') || abs === dbFile) continue;
    const prompts = await readShinkaPromptDb(abs, r.rel(abs), maxBytes);
    r.tick();
    if (prompts) return prompts;
  }
  return null;
}
