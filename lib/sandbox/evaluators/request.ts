// One evaluation = one sandbox run: the evaluator's files (the private set overlaid for private
// re-scoring), the candidate under bundle.programFile, and the contract's harness. Pure: builds
// the SandboxRequest, runs nothing.
import os from 'node:os';
import type { SandboxFile, SandboxLimits, SandboxRequest } from '../../contracts/sandboxTypes';
import { HARNESS_FILE, OPENEVOLVE_HARNESS, SHINKA_HARNESS, SHINKA_RESULTS_DIR } from './harness';
import { SHIM_FILES } from './shims';
import type { EvaluatorBundle } from '../../contracts/evaluatorTypes';

export type TestSet = 'public' | 'private';

/** Debian's interpreter: the one with numpy/scipy, visible inside the sandbox (never pyenv's). */
export const PYTHON = '/usr/bin/python3';

/** Cascade thresholds OpenEvolve uses unless its config says otherwise. */
export const OPENEVOLVE_THRESHOLDS = [0.5, 0.75, 0.9];

/**
 * The evaluator's own limits: its timeout is the wall limit of the whole evaluation, and the
 * CPU limit leaves room for an evaluator that uses every core for that long (plus 10 %), since
 * RLIMIT_CPU counts the tree's CPU time, not the wall time.
 */
export function evaluationLimits(bundle: EvaluatorBundle): Partial<SandboxLimits> {
  const cores = Math.max(1, os.availableParallelism());
  const filesMb = Object.values({ ...bundle.files, ...bundle.privateFiles }).reduce((s, b) => s + b.length, 0) / 2 ** 20;
  return {
    wallSeconds: bundle.timeoutSeconds,
    cpuSeconds: Math.ceil(bundle.timeoutSeconds * cores * 1.1) + 1,
    memoryMb: bundle.memoryMb,
    pids: 128,
    workDirMb: Math.max(256, Math.ceil(filesMb * 2) + 64),
  };
}

/** The evaluator's files as the sandbox gets them: public ones, then private ones replacing same paths. */
export function evaluatorFiles(bundle: EvaluatorBundle, testSet: TestSet): Map<string, Buffer> {
  const files = new Map(Object.entries(bundle.files));
  if (testSet === 'private') for (const [p, c] of Object.entries(bundle.privateFiles ?? {})) files.set(p, c);
  return files;
}

/** Where a C/C++ candidate compiled by Evoscope goes, for templates that name `{binary}`. */
export const BINARY_FILE = 'candidate.bin';

/**
 * The `command` contract's shell line: `{program}` replaced by the candidate's file name and
 * `{binary}` by its compiled executable (Evoscope compiles C/C++ candidates for such templates).
 */
export function commandLine(template: string, programFile: string) {
  return template.replaceAll('{program}', programFile).replaceAll('{binary}', `./${BINARY_FILE}`);
}

export function buildEvaluationRequest(
  bundle: EvaluatorBundle,
  program: { source: string },
  testSet: TestSet,
): SandboxRequest {
  const files: SandboxFile[] = [...evaluatorFiles(bundle, testSet)]
    .filter(([p]) => p !== bundle.programFile)
    .map(([path, content]) => ({ path, content, executable: path.endsWith('.sh') }));
  // The candidate last, under its own name: it replaces an evaluator file of the same name.
  files.push({ path: bundle.programFile, content: program.source });
  const limits = evaluationLimits(bundle);
  const env = { PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1', HOME: '/work', EVOSCOPE_TEST_SET: testSet };

  if (bundle.contract === 'command') {
    if (!bundle.command) throw new Error("a 'command' evaluator needs a command template");
    return { files, command: ['/bin/sh', '-c', commandLine(bundle.command, bundle.programFile)], limits, env };
  }
  const entry = bundle.entry ?? (bundle.contract === 'openevolve' ? 'evaluator.py' : 'evaluate.py');
  for (const [path, content] of Object.entries(SHIM_FILES)) files.push({ path, content });
  if (bundle.contract === 'openevolve') {
    files.push({ path: HARNESS_FILE, content: OPENEVOLVE_HARNESS });
    const cascade = bundle.cascade ?? { enabled: true, thresholds: OPENEVOLVE_THRESHOLDS };
    const command = [PYTHON, HARNESS_FILE, entry, bundle.programFile, JSON.stringify(cascade.thresholds), cascade.enabled ? 'cascade' : 'direct'];
    return { files, command, limits, env, resultPipe: true };
  }
  files.push({ path: HARNESS_FILE, content: SHINKA_HARNESS });
  return { files, command: [PYTHON, HARNESS_FILE, entry, bundle.programFile, SHINKA_RESULTS_DIR], limits, env, resultPipe: true };
}
