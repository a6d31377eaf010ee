// What an evaluator folder may hold, read from disk (CLI, import) or received (upload): relative
// paths that stay inside the work directory, no links, bounded size, and the contract told by
// its files. The same policy for every way in, so an upload cannot smuggle what the CLI refuses.
import fs from 'node:fs';
import path from 'node:path';
import { HARNESS_FILE, SHIM_DIR, SHINKA_RESULTS_DIR } from './harness';
import { SKIPPED_DIRS, skippedFile } from '../../contracts/evaluatorSkip';
import type { EvaluatorContract } from '../../contracts/evaluatorTypes';

export const MAX_EVALUATOR_FILES = 500;
export const MAX_EVALUATOR_BYTES = 20 * 1024 * 1024;

/** A refused evaluator; the message names the file (relative to the folder) at fault. */
export class EvaluatorInputError extends Error {}


const RESERVED = [HARNESS_FILE, SHIM_DIR, SHINKA_RESULTS_DIR];

/** A relative POSIX path inside the work directory, or an EvaluatorInputError naming it. */
export function checkEvaluatorPath(p: string): string {
  const shown = JSON.stringify(p.slice(0, 200));
  if (p === '' || /[\u0000-\u001f\\]/.test(p)) throw new EvaluatorInputError(`evaluator file ${shown}: invalid characters in the path`);
  if (p.startsWith('/')) throw new EvaluatorInputError(`evaluator file ${shown}: absolute paths are not allowed`);
  const parts = p.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..')) {
    throw new EvaluatorInputError(`evaluator file ${shown}: the path must stay inside the evaluator folder (no '..', '.', or empty parts)`);
  }
  if (parts.some((s) => Buffer.byteLength(s) > 255) || p.length > 1000) throw new EvaluatorInputError(`evaluator file ${shown}: the path is too long`);
  if (RESERVED.includes(parts[0])) throw new EvaluatorInputError(`evaluator file ${shown}: ${parts[0]} is reserved for Evoscope's harness`);
  return p;
}

/** Checks every path and the count/size budget of one file set ('evaluator' or 'private test set'). */
export function checkFileSet(files: Record<string, Buffer>, what: string) {
  const names = Object.keys(files);
  if (names.length > MAX_EVALUATOR_FILES) throw new EvaluatorInputError(`the ${what} has ${names.length} files; at most ${MAX_EVALUATOR_FILES} are allowed`);
  let total = 0;
  for (const name of names) {
    checkEvaluatorPath(name);
    total += files[name].length;
  }
  if (total > MAX_EVALUATOR_BYTES) {
    throw new EvaluatorInputError(`the ${what} holds ${(total / 2 ** 20).toFixed(1)} MB; at most ${MAX_EVALUATOR_BYTES / 2 ** 20} MB are allowed`);
  }
}

/** Reads a folder's files (path relative to it -> content), refusing links and oversized folders. */
export function readEvaluatorFolder(dir: string, what = 'evaluator folder'): Record<string, Buffer> {
  const root = path.resolve(dir);
  const st = fs.statSync(root, { throwIfNoEntry: false });
  if (!st?.isDirectory()) throw new EvaluatorInputError(`the ${what} ${path.basename(root)} is not a folder`);
  const files: Record<string, Buffer> = {};
  let count = 0;
  let bytes = 0;
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) throw new EvaluatorInputError(`evaluator file ${relPath} is a symbolic link; links are not allowed`);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) walk(relPath);
        continue;
      }
      if (!e.isFile()) throw new EvaluatorInputError(`evaluator file ${relPath} is not a regular file`);
      if (skippedFile(e.name)) continue;
      checkEvaluatorPath(relPath);
      const size = fs.lstatSync(path.join(root, relPath)).size;
      count++;
      bytes += size;
      if (count > MAX_EVALUATOR_FILES) throw new EvaluatorInputError(`the ${what} has more than ${MAX_EVALUATOR_FILES} files`);
      if (bytes > MAX_EVALUATOR_BYTES) throw new EvaluatorInputError(`the ${what} holds more than ${MAX_EVALUATOR_BYTES / 2 ** 20} MB`);
      files[relPath] = fs.readFileSync(path.join(root, relPath));
    }
  };
  walk('');
  if (!count) throw new EvaluatorInputError(`the ${what} ${path.basename(root)} holds no files`);
  return files;
}

const OPENEVOLVE_DEF = /^(?:async\s+)?def\s+evaluate(?:_stage1)?\s*\(/m;

/**
 * The contract a folder follows: a command when one is given, else OpenEvolve's evaluator.py
 * (with a `def evaluate` or cascade `def evaluate_stage1`), else ShinkaEvolve's evaluate.py.
 */
export function detectContract(files: Record<string, Buffer>, command?: string | null): { contract: EvaluatorContract; entry: string | null } {
  if (command?.trim()) return { contract: 'command', entry: null };
  const oe = files['evaluator.py'];
  if (oe && OPENEVOLVE_DEF.test(oe.toString('utf8'))) return { contract: 'openevolve', entry: 'evaluator.py' };
  if (files['evaluate.py']) return { contract: 'shinka', entry: 'evaluate.py' };
  if (oe) throw new EvaluatorInputError('evaluator.py defines no evaluate(program_path) function; give --command or --contract');
  throw new EvaluatorInputError('no evaluator.py (OpenEvolve) or evaluate.py (ShinkaEvolve) at the top of the folder; give a --command template instead');
}

/** The candidate's file name by the run's language (as runs record it). */
export function defaultProgramFile(language: string | null | undefined): string {
  const l = (language ?? '').trim().toLowerCase();
  if (['cpp', 'c++', 'cxx', 'cc'].includes(l)) return 'main.cpp';
  if (l === 'c') return 'main.c';
  if (l === 'cuda' || l === 'cu') return 'main.cu';
  if (l === 'rust') return 'main.rs';
  if (l === 'julia') return 'main.jl';
  return 'program.py';
}

/** A file name the command template can take as is: no quoting needed, no path. */
export function checkProgramFile(name: string): string {
  if (!/^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/.test(name)) {
    throw new EvaluatorInputError(`program file name ${JSON.stringify(name.slice(0, 100))} must be a plain file name (letters, digits, . _ -)`);
  }
  return checkEvaluatorPath(name);
}
