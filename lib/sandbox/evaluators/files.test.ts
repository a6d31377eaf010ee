// The evaluator folder policy (files.ts): paths that stay inside, no links, bounded size, and
// the contract told by the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkEvaluatorPath, checkFileSet, checkProgramFile, defaultProgramFile, detectContract, EvaluatorInputError,
  MAX_EVALUATOR_FILES, readEvaluatorFolder,
} from './files';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-evalfiles-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>) {
  const dir = path.join(tmp, name);
  for (const [p, c] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), c);
  }
  return dir;
}
const buf = (s: string) => Buffer.from(s);

describe('paths', () => {
  it.each(['../x.py', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', './x', 'a/./b', 'x\u0000y', ''])('refuses %j', (p) => {
    expect(() => checkEvaluatorPath(p)).toThrow(EvaluatorInputError);
  });
  it('refuses the names the harness uses', () => {
    expect(() => checkEvaluatorPath('__evoscope_harness__.py')).toThrow(/reserved/);
    expect(() => checkEvaluatorPath('__evoscope_shim__/openevolve/__init__.py')).toThrow(/reserved/);
  });
  it('accepts nested relative paths', () => {
    expect(checkEvaluatorPath('data/seeds/0001.txt')).toBe('data/seeds/0001.txt');
  });
  it('program file names are plain names', () => {
    expect(checkProgramFile('main.cpp')).toBe('main.cpp');
    expect(() => checkProgramFile('a b.py')).toThrow(/plain file name/);
    expect(() => checkProgramFile('x;rm -rf .py')).toThrow(/plain file name/);
    expect(() => checkProgramFile('dir/x.py')).toThrow(/plain file name/);
  });
});

describe('budget', () => {
  it('refuses too many files and too many bytes, naming the set', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_EVALUATOR_FILES + 1 }, (_, i) => [`f${i}.txt`, buf('x')]));
    expect(() => checkFileSet(many, 'evaluator')).toThrow(/evaluator has 501 files/);
    expect(() => checkFileSet({ 'big.bin': Buffer.alloc(21 * 2 ** 20) }, 'private test set')).toThrow(/private test set holds 21.0 MB/);
  });
});

describe('reading a folder', () => {
  it('reads nested files, skips __pycache__ and .pyc', () => {
    const dir = folder('ok', { 'evaluator.py': 'def evaluate(p):\n    return {}\n', 'data/in.txt': '1 2', '__pycache__/x.pyc': 'junk', 'y.pyc': 'junk' });
    expect(Object.keys(readEvaluatorFolder(dir)).sort()).toEqual(['data/in.txt', 'evaluator.py']);
  });
  it('refuses symbolic links, naming them', () => {
    const dir = folder('link', { 'evaluator.py': 'def evaluate(p):\n    return {}\n' });
    fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
    expect(() => readEvaluatorFolder(dir)).toThrow(/evaluator file passwd is a symbolic link/);
  });
  it('refuses an empty folder and a file given as a folder', () => {
    fs.mkdirSync(path.join(tmp, 'empty'));
    expect(() => readEvaluatorFolder(path.join(tmp, 'empty'))).toThrow(/holds no files/);
    const file = path.join(folder('file', { 'a.txt': 'x' }), 'a.txt');
    expect(() => readEvaluatorFolder(file)).toThrow(/is not a folder/);
  });
  it('stops reading a folder past the size budget', () => {
    const dir = path.join(tmp, 'huge');
    fs.mkdirSync(dir);
    for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(dir, `part${i}.bin`), Buffer.alloc(8 * 2 ** 20));
    expect(() => readEvaluatorFolder(dir)).toThrow(/holds more than 20 MB/);
  });
});

describe('contract detection', () => {
  it('OpenEvolve evaluator.py with def evaluate, or only the cascade stages', () => {
    expect(detectContract({ 'evaluator.py': buf('import x\n\ndef evaluate(program_path):\n    pass\n') })).toEqual({ contract: 'openevolve', entry: 'evaluator.py' });
    expect(detectContract({ 'evaluator.py': buf('def evaluate_stage1(p):\n    pass\n') }).contract).toBe('openevolve');
  });
  it('Shinka evaluate.py; a command wins over both', () => {
    expect(detectContract({ 'evaluate.py': buf('import argparse\n') })).toEqual({ contract: 'shinka', entry: 'evaluate.py' });
    expect(detectContract({ 'evaluate.py': buf('') }, 'python3 score.py {program}')).toEqual({ contract: 'command', entry: null });
  });
  it('says what is missing', () => {
    expect(() => detectContract({ 'evaluator.py': buf('def score(p):\n    pass\n') })).toThrow(/defines no evaluate/);
    expect(() => detectContract({ 'run.sh': buf('') })).toThrow(/no evaluator.py .* or evaluate.py/);
  });
  it('program file by language', () => {
    expect(defaultProgramFile('python')).toBe('program.py');
    expect(defaultProgramFile(null)).toBe('program.py');
    expect(defaultProgramFile('C++')).toBe('main.cpp');
    expect(defaultProgramFile('cpp')).toBe('main.cpp');
  });
});
