// One ShinkaEvolve `gen_N/` folder, read into plain data (shinka.ts says what each file means).
// Nothing here interprets scores or lineage; shinkaProgram.ts does.
import path from 'node:path';
import { readJsonObject } from '../files/readJson';
import { parsePythonJson } from './pythonJson';
import { listDir, readLogExcerpt, readTextStrict, type LogExcerpt } from './shinkaFiles';

export const GEN_DIR = /^gen_(\d+)$/;

type Json = Record<string, unknown>;

/** Extensions that are never the program: Shinka's own bookkeeping next to the code. */
const NOT_CODE = new Set(['txt', 'diff', 'patch', 'json', 'log', 'out', 'err', 'yaml', 'yml', 'md', 'pkl', 'npy', 'npz', 'png', 'jpg', 'pdf', 'csv']);
/** Source extensions considered when a folder has no main.* (a fork or a hand-made folder). */
const CODE_EXT = new Set(['py', 'cu', 'cuh', 'cpp', 'cc', 'cxx', 'c', 'h', 'hpp', 'rs', 'go', 'java', 'js', 'ts', 'jl', 'swift', 'kt', 'scala', 'rb', 'f90', 'sh', 'v', 'sv', 'vhd']);
const LOG_FILE = /\.(log|out|err)$/;
const ANSWERS = [
  { file: 'rewrite.txt', kind: 'rewrite' },
  { file: 'search_replace.txt', kind: 'search_replace' },
] as const;

export interface LlmAnswer {
  kind: 'rewrite' | 'search_replace';
  file: string;
  text: string;
}

export interface GenFolder {
  n: number;
  /** The folder, relative to the import root (e.g. "gen_3" or "results_x/gen_3"). */
  rel: string;
  codeFile: string | null;
  code: string | null;
  /** True when there was no main.* and another source file was taken as the program. */
  codeGuessed: boolean;
  originalFile: string | null;
  original: string | null;
  answers: LlmAnswer[];
  editDiff: string | null;
  metrics: Json | null;
  correct: Json | null;
  logs: LogExcerpt[];
  filesRead: number;
}

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** main.<ext> first (the language's extension when several), else the only other source file. */
function chooseCode(files: string[], preferredExt: string | null): { name: string | null; guessed: boolean } {
  const pick = (names: string[]) => names.find((f) => extOf(f) === preferredExt) ?? names.sort(byName)[0];
  const mains = files.filter((f) => /^main\.[^.]+$/.test(f) && !NOT_CODE.has(extOf(f)));
  if (mains.length) return { name: pick(mains), guessed: false };
  const others = files.filter((f) => CODE_EXT.has(extOf(f)) && !f.startsWith('original.'));
  return others.length ? { name: pick(others), guessed: true } : { name: null, guessed: false };
}

export async function readGenFolder(
  abs: string,
  rel: string,
  n: number,
  preferredExt: string | null,
  onFileRead: () => void,
): Promise<GenFolder> {
  const entries = await listDir(abs);
  const files = entries.filter((e) => e.isFile).map((e) => e.name);
  const has = (name: string) => files.includes(name);
  const relOf = (...parts: string[]) => path.posix.join(rel, ...parts);
  let filesRead = 0;
  const text = async (name: string) => {
    const t = await readTextStrict(path.join(abs, name), relOf(name));
    filesRead++;
    onFileRead();
    return t;
  };

  const out: GenFolder = {
    n, rel, codeFile: null, code: null, codeGuessed: false, originalFile: null, original: null,
    answers: [], editDiff: null, metrics: null, correct: null, logs: [], filesRead: 0,
  };

  const code = chooseCode(files, preferredExt);
  if (code.name) {
    out.codeFile = relOf(code.name);
    out.code = await text(code.name);
    out.codeGuessed = code.guessed;
  }
  const codeExt = code.name ? extOf(code.name) : preferredExt;
  const originals = files.filter((f) => /^original\.[^.]+$/.test(f) && !NOT_CODE.has(extOf(f)));
  const original = originals.find((f) => extOf(f) === codeExt) ?? originals.sort(byName)[0];
  if (original) {
    out.originalFile = relOf(original);
    out.original = await text(original);
  }
  for (const a of ANSWERS) if (has(a.file)) out.answers.push({ kind: a.kind, file: relOf(a.file), text: await text(a.file) });
  if (has('edit.diff')) out.editDiff = await text('edit.diff');

  const resultsAbs = path.join(abs, 'results');
  const resultFiles = (await listDir(resultsAbs)).filter((e) => e.isFile).map((e) => e.name);
  const json = async (name: string) => {
    const v = await readJsonObject(path.join(resultsAbs, name), relOf('results', name), { parse: parsePythonJson });
    filesRead++;
    onFileRead();
    return v;
  };
  if (resultFiles.includes('metrics.json')) out.metrics = await json('metrics.json');
  if (resultFiles.includes('correct.json')) out.correct = await json('correct.json');

  // Logs next to the code (some launchers write job_log.* there) and in results/.
  const logs = [
    ...files.filter((f) => LOG_FILE.test(f)).map((f) => ({ abs: path.join(abs, f), rel: relOf(f) })),
    ...resultFiles.filter((f) => LOG_FILE.test(f)).sort(byName).map((f) => ({ abs: path.join(resultsAbs, f), rel: relOf('results', f) })),
  ];
  for (const l of logs) {
    out.logs.push(await readLogExcerpt(l.abs, l.rel));
    filesRead++;
    onFileRead();
  }
  out.filesRead = filesRead;
  return out;
}
