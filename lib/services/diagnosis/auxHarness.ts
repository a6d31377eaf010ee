// An auxiliary_metrics.py (seed 001: `evaluate_aux(results_dir, primary_result) -> dict`) run on
// one program inside the sandbox. Pure: the request (files, argv, limits) and the reading of the
// result; lib/services/diagnosis/runAux.ts runs it. The sandbox's work directory (a fresh tmpfs):
//
//   /work/auxiliary_metrics.py         the script
//   /work/gen_<N>/main.<ext>           the program (main.cpp, main.py, ... by its language);
//                                      N = its generation, else iteration, else 0
//   /work/gen_<N>/<programFile>        the same program under the evaluator's name for it
//                                      (program.py, ...), when that differs: the diagnose job
//                                      tells its agent the code is there
//   /work/gen_<N>/results/metrics.json its stored metrics (ShinkaEvolve's layout, for scripts
//                                      that read the primary result from disk)
//   /work/evaluator/...                the run's evaluator files, public test set
//                                      ($EVOSCOPE_EVALUATOR_DIR), for scripts that need test data
//
// The seed's path rule: results_dir is /work/gen_<N>, the directory holding the source file,
// never a subdirectory ("getting this wrong causes silent compilation failures"). primary_result
// is the program's stored metrics with its score (as `combined_score`, and under the run's score
// metric name, when the metrics lack them). C++ compiles inside: g++ is in the sandbox's /usr.
//
// The harness sends what the script (and anything it starts) prints to stderr, and writes ONE
// line to stdout: MARK + JSON. Per-program statuses: 'ok'; 'error' (the script could not be
// imported, has no evaluate_aux, or raised); 'bad-output' (it returned something other than a
// dict of finite numbers, or the process ended without the result line); 'memory' (MemoryError
// raised inside it); or the sandbox's status ('timeout', 'memory', 'exit', 'pids',
// 'output-limit', 'sandbox-error'). A hostile script costs its own program, never the job.
import os from 'node:os';
import { normaliseLanguage } from '../../sandbox/program';
import type { SandboxFile, SandboxLimits, SandboxRequest, SandboxResult } from '../../contracts/sandboxTypes';

export const AUX_SCRIPT_FILE = 'auxiliary_metrics.py';
export const AUX_HARNESS_FILE = '__evoscope_aux__.py';
export const AUX_PRIMARY_FILE = '__evoscope_primary__.json';
export const AUX_EVALUATOR_DIR = 'evaluator';
export const AUX_MARK = 'EVOSCOPE_AUX_RESULT ';
/** Most metrics kept per program (the rest are reported as rejected). */
export const MAX_AUX_METRICS = 100;
/** Characters of error (message + the end of stderr) kept per program. */
export const AUX_ERROR_CHARS = 2000;
const PYTHON = '/usr/bin/python3';

export const AUX_HARNESS = String.raw`
import json, math, os, sys, traceback
SCRIPT, RESULTS_DIR, PRIMARY = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
MARK, MAX = sys.argv[4], int(sys.argv[5])

# Everything the script prints, and every process it starts, writes to stderr: the one line on
# stdout is ours.
sys.stdout.flush()
OUT = os.dup(1)
os.dup2(2, 1)

def emit(obj):
    try:
        sys.stdout.flush()
    except BaseException:
        pass
    data = (MARK + json.dumps(obj) + '\n').encode('utf-8')
    view = memoryview(data)
    while view:
        view = view[os.write(OUT, view):]

def where(e):
    frames = [f for f in traceback.extract_tb(e.__traceback__) if os.path.abspath(f.filename) == SCRIPT]
    return ' (auxiliary_metrics.py line %s)' % frames[-1].lineno if frames else ''

def text(e):
    # One line ("SyntaxError: invalid syntax (<unknown>, line 17)"); the traceback is on stderr.
    return ('%s: %s' % (type(e).__name__, e) if str(e) else type(e).__name__)[:500]

def number(v):
    # numpy scalars become Python numbers; numpy is looked at only when the script loaded it
    # (importing it costs ~0.1 s per program).
    np = sys.modules.get('numpy')
    if np is not None and isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None, '%s (%s)' % (repr(v)[:60], type(v).__name__)
    f = float(v)
    if not math.isfinite(f):
        return None, '%s (not finite)' % repr(v)
    return f, None

def main():
    with open(PRIMARY) as fh:
        primary = json.load(fh)
    try:
        import importlib.util
        sys.path.insert(0, os.path.dirname(SCRIPT))
        spec = importlib.util.spec_from_file_location('auxiliary_metrics', SCRIPT)
        module = importlib.util.module_from_spec(spec)
        sys.modules['auxiliary_metrics'] = module
        spec.loader.exec_module(module)
    except BaseException as e:
        traceback.print_exc()
        return {'status': 'memory' if isinstance(e, MemoryError) else 'error', 'error': 'auxiliary_metrics.py could not be imported: %s%s' % (text(e), where(e))}
    fn = getattr(module, 'evaluate_aux', None)
    if not callable(fn):
        return {'status': 'error', 'error': 'auxiliary_metrics.py defines no evaluate_aux(results_dir, primary_result) function'}
    try:
        out = fn(RESULTS_DIR, primary)
    except BaseException as e:
        traceback.print_exc()
        return {'status': 'memory' if isinstance(e, MemoryError) else 'error', 'error': 'evaluate_aux raised %s%s' % (text(e), where(e))}
    if not isinstance(out, dict):
        return {'status': 'bad-output', 'error': 'evaluate_aux returned %s (%s), not a dict of numbers' % (repr(out)[:100], type(out).__name__)}
    values, rejected = {}, []
    for k, v in out.items():
        name = str(k)[:100]
        if len(values) >= MAX:
            rejected.append('%s: more than %d metrics' % (name, MAX))
            continue
        f, why = number(v)
        if why:
            rejected.append('%s = %s' % (name, why))
        else:
            values[name] = f
    if rejected:
        return {'status': 'bad-output', 'values': values, 'error': 'evaluate_aux returned non-numbers: ' + '; '.join(rejected[:10])}
    return {'status': 'ok', 'values': values}

try:
    res = main()
except BaseException as e:
    traceback.print_exc()
    res = {'status': 'error', 'error': 'the harness failed: %s' % text(e)}
emit(res)
`;

const EXT: Record<string, string> = {
  python: 'py', cpp: 'cpp', c: 'c', cuda: 'cu', cu: 'cu', rust: 'rs', rs: 'rs', javascript: 'js', js: 'js', typescript: 'ts',
  ts: 'ts', java: 'java', go: 'go', julia: 'jl', jl: 'jl', haskell: 'hs', ocaml: 'ml', lean: 'lean', verilog: 'v',
};

/** main.<ext> by the program's recorded language (main.cpp, main.py, ...; main.txt when unknown). */
export function sourceFileName(language: string): string {
  const l = language.trim().toLowerCase();
  return `main.${EXT[normaliseLanguage(l) ?? l] ?? 'txt'}`;
}

export interface AuxProgram {
  source: string;
  language: string;
  generation: number | null;
  iteration: number | null;
  score: number | null;
  metrics: Record<string, unknown> | null;
}

/** The program's stored metrics with its score, as evaluate_aux receives them. */
export function primaryResultOf(p: AuxProgram, scoreMetric: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(p.metrics ?? {}) };
  if (p.score !== null) {
    if (!('combined_score' in out)) out.combined_score = p.score;
    if (scoreMetric && !(scoreMetric in out)) out[scoreMetric] = p.score;
  }
  return out;
}

/** The per-program limits: the timeout is the wall limit; memory leaves room for g++ inside. */
export function auxLimits(timeoutSeconds: number, filesBytes = 0): Partial<SandboxLimits> {
  const cores = Math.max(1, os.availableParallelism());
  return {
    wallSeconds: timeoutSeconds,
    cpuSeconds: Math.ceil(timeoutSeconds * cores * 1.1) + 1,
    memoryMb: 2048,
    pids: 64,
    workDirMb: Math.max(256, Math.ceil((filesBytes / 2 ** 20) * 2) + 64),
  };
}

export interface AuxRequestInput {
  script: string;
  program: AuxProgram;
  scoreMetric: string | null;
  timeoutSeconds: number;
  /** The run's evaluator files (path -> content), placed under evaluator/. */
  evaluatorFiles?: Record<string, Buffer>;
  /** The evaluator's name for the program file (EvaluatorBundle.programFile): a second copy. */
  programFile?: string;
}

export function resultsDirOf(p: Pick<AuxProgram, 'generation' | 'iteration'>): string {
  return `gen_${p.generation ?? p.iteration ?? 0}`;
}

const isPlainName = (f: string) => /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/.test(f);

export function buildAuxRequest(input: AuxRequestInput): SandboxRequest {
  const dir = resultsDirOf(input.program);
  const primary = primaryResultOf(input.program, input.scoreMetric);
  const files: SandboxFile[] = Object.entries(input.evaluatorFiles ?? {}).map(([p, content]) => ({ path: `${AUX_EVALUATOR_DIR}/${p}`, content }));
  files.push(
    { path: AUX_SCRIPT_FILE, content: input.script },
    { path: `${dir}/${sourceFileName(input.program.language)}`, content: input.program.source },
    ...(input.programFile && isPlainName(input.programFile) && input.programFile !== sourceFileName(input.program.language) && input.programFile !== 'results'
      ? [{ path: `${dir}/${input.programFile}`, content: input.program.source }]
      : []),
    { path: `${dir}/results/metrics.json`, content: JSON.stringify(primary) },
    { path: AUX_PRIMARY_FILE, content: JSON.stringify(primary) },
    { path: AUX_HARNESS_FILE, content: AUX_HARNESS },
  );
  const bytes = files.reduce((s, f) => s + Buffer.byteLength(f.content), 0);
  return {
    files,
    command: [PYTHON, AUX_HARNESS_FILE, AUX_SCRIPT_FILE, dir, AUX_PRIMARY_FILE, AUX_MARK, String(MAX_AUX_METRICS)],
    limits: auxLimits(input.timeoutSeconds, bytes),
    env: { PYTHONUNBUFFERED: '1', EVOSCOPE_EVALUATOR_DIR: `/work/${AUX_EVALUATOR_DIR}` },
  };
}

export interface AuxOutcome {
  status: string;
  values: Record<string, number> | null;
  error: string | null;
  wallMs: number;
}

const tail = (s: string, n: number) => (s.length > n ? `...${s.slice(-n)}` : s);

function withStderr(message: string, stderr: string): string {
  const t = stderr.trim();
  return (t ? `${message}\n${tail(t, AUX_ERROR_CHARS - message.length - 5)}` : message).slice(0, AUX_ERROR_CHARS);
}

/** The harness's result line read from a finished sandbox run. */
export function readAuxResult(r: SandboxResult): AuxOutcome {
  const wallMs = r.wallMs;
  const stderr = r.stderr.text;
  if (r.status !== 'ok') return { status: r.status, values: null, error: withStderr(r.message ?? r.status, stderr), wallMs };
  const line = r.stdout.text.split('\n').filter((l) => l.startsWith(AUX_MARK)).pop();
  if (!line) return { status: 'bad-output', values: null, error: withStderr('the script ended the process before evaluate_aux returned (no result line)', stderr), wallMs };
  let parsed: { status?: unknown; values?: unknown; error?: unknown };
  try {
    parsed = JSON.parse(line.slice(AUX_MARK.length));
  } catch {
    return { status: 'bad-output', values: null, error: 'the result line is not JSON', wallMs };
  }
  const status = typeof parsed.status === 'string' ? parsed.status : 'bad-output';
  const values = parsed.values && typeof parsed.values === 'object' ? (parsed.values as Record<string, number>) : null;
  const error = typeof parsed.error === 'string' ? parsed.error : null;
  if (status === 'ok') return { status, values: values ?? {}, error: null, wallMs };
  return { status, values: values && Object.keys(values).length ? values : null, error: status === 'bad-output' ? error : withStderr(error ?? status, stderr), wallMs };
}
