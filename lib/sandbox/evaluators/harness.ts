// The Python harnesses that run an evaluator inside the sandbox and report on fd 3 (the
// sandbox's result pipe), so that what the evaluator and the candidate print never mixes with
// the metrics. They are TypeScript string constants, not .py files, so that the esbuild-bundled
// CLI carries them. Each writes ONE JSON object to fd 3 (HarnessReport below); non-finite
// numbers become strings ("NaN", "inf") because JSON has no spelling for them.
//
// OpenEvolve (openevolve/evaluator.py, read 2026-11): the entry is imported as a module and
// `evaluate(program_path)` called; when the module defines `evaluate_stage1` (cascade_evaluation
// defaults to True) the stages run in order: stage 1, then stage 2 only when stage 1 passes
// cascade_thresholds[0], stage 3 only when the merged metrics pass cascade_thresholds[1]
// (defaults [0.5, 0.75, 0.9]; a run's config may turn the cascade off or change the thresholds:
// EvaluatorBundle.cascade); "passes" = combined_score >= t when present, else the mean of the
// numeric metrics other than `error`. Stage 1 raising fails the evaluation; stage 2 or 3 raising
// keeps the earlier metrics with `stage2_passed: 0.0` / `stage3_passed: 0.0`. Merged metrics keep
// numeric values only, as OpenEvolve's merge does. A dict or an EvaluationResult-like object
// (`.metrics`, `.artifacts`) is accepted; anything else is the evaluator's fault.
//
// Who is at fault when the evaluator raises: OpenEvolve itself turns every exception into
// {"error": 0.0}. Here an exception whose traceback passes through the candidate's file (the
// evaluator imported the candidate and it crashed) is the candidate's failure; any other
// exception is the evaluator's, reported as such instead of blaming the candidate.
//
// ShinkaEvolve (shinka/launch, run_shinka_eval): `python evaluate.py --program_path P
// --results_dir D`; the script writes D/metrics.json and D/correct.json ({correct, error}).

/** What a harness writes to fd 3. */
export interface HarnessReport {
  metrics: Record<string, unknown> | null;
  artifacts?: Record<string, unknown>;
  /** Shinka's correct.json `correct`, when there was one. */
  correct?: boolean | null;
  /** Set when the evaluation failed before producing usable metrics. */
  failure?: { by: 'evaluator' | 'candidate'; message: string } | null;
}

export const HARNESS_FILE = '__evoscope_harness__.py';
export const SHIM_DIR = '__evoscope_shim__';
export const SHINKA_RESULTS_DIR = '__evoscope_results__';

/** Shared by both harnesses: JSON-safe values and the fd-3 writer. */
const COMMON = String.raw`
import json, math, os, sys, traceback

def _safe(v, depth=0):
    if depth > 50:
        return repr(v)[:200]
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else ('NaN' if v != v else ('inf' if v > 0 else '-inf'))
    if isinstance(v, dict):
        return {str(k): _safe(x, depth + 1) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_safe(x, depth + 1) for x in v]
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).decode('utf-8', 'replace')
    try:
        import numpy
        if isinstance(v, numpy.generic):
            return _safe(v.item(), depth + 1)
        if isinstance(v, numpy.ndarray):
            return _safe(v.tolist(), depth + 1)
    except Exception:
        pass
    return str(v)

_REPORTED = [False]

def report(metrics, artifacts=None, correct=None, failure=None):
    if _REPORTED[0]:
        return
    _REPORTED[0] = True
    out = {'metrics': None if metrics is None else _safe(metrics), 'artifacts': _safe(artifacts or {}),
           'correct': correct, 'failure': failure}
    data = json.dumps(out).encode('utf-8')
    view = memoryview(data)
    while view:
        n = os.write(3, view)
        view = view[n:]
    os.close(3)

def _short(path):
    return path[len('/work/'):] if path.startswith('/work/') else path
`;

const OPENEVOLVE = String.raw`
ENTRY, PROGRAM = sys.argv[1], os.path.abspath(sys.argv[2])
THRESHOLDS = json.loads(sys.argv[3]) if len(sys.argv) > 3 else [0.5, 0.75, 0.9]
CASCADE = sys.argv[4] != 'direct' if len(sys.argv) > 4 else True
sys.path.append(os.path.abspath('${SHIM_DIR}'))

def blame(e, where):
    frames = traceback.extract_tb(e.__traceback__)
    text = ''.join(traceback.format_exception_only(type(e), e)).strip()
    mine = [f for f in frames if os.path.abspath(f.filename) == PROGRAM]
    traceback.print_exception(type(e), e, e.__traceback__, file=sys.stderr)
    if mine:
        return {'by': 'candidate', 'message': 'the candidate raised %s (%s line %s)' % (text, _short(PROGRAM), mine[-1].lineno)}
    last = frames[-1] if frames else None
    at = ' (%s line %s)' % (_short(last.filename), last.lineno) if last else ''
    return {'by': 'evaluator', 'message': '%s raised %s%s' % (where, text, at)}

class NotMetrics(Exception):
    pass

def as_result(value, where):
    if isinstance(value, dict):
        return dict(value), {}
    m = getattr(value, 'metrics', None)
    if isinstance(m, dict):
        a = getattr(value, 'artifacts', None)
        return dict(m), dict(a) if isinstance(a, dict) else {}
    raise NotMetrics('%s returned %s, not a dict of metrics' % (where, type(value).__name__))

def passes(metrics, threshold):
    if not metrics:
        return False
    s = metrics.get('combined_score')
    if isinstance(s, (int, float)) and not isinstance(s, bool):
        return float(s) >= threshold
    vals = [float(v) for k, v in metrics.items() if k != 'error' and isinstance(v, (int, float)) and not isinstance(v, bool)]
    return bool(vals) and sum(vals) / len(vals) >= threshold

def numeric(metrics):
    return {k: float(v) for k, v in metrics.items() if k != 'error' and isinstance(v, (int, float)) and not isinstance(v, bool)}

def call(fn, where):
    try:
        return as_result(fn(PROGRAM), where), None
    except NotMetrics as e:
        return None, {'by': 'evaluator', 'message': str(e)}
    except BaseException as e:
        return None, blame(e, where)

def main():
    try:
        import importlib.util
        spec = importlib.util.spec_from_file_location('evaluation_module', os.path.abspath(ENTRY))
        module = importlib.util.module_from_spec(spec)
        sys.modules['evaluation_module'] = module
        spec.loader.exec_module(module)
    except BaseException as e:
        traceback.print_exc()
        text = ''.join(traceback.format_exception_only(type(e), e)).strip()
        return report(None, failure={'by': 'evaluator', 'message': '%s could not be imported: %s' % (ENTRY, text)})
    if not CASCADE or not hasattr(module, 'evaluate_stage1'):
        if not callable(getattr(module, 'evaluate', None)):
            return report(None, failure={'by': 'evaluator', 'message': '%s defines no evaluate(program_path) function' % ENTRY})
        res, failure = call(module.evaluate, 'evaluate()')
        if failure:
            return report(None, failure=failure)
        return report(res[0], res[1])
    # Cascade, as OpenEvolve's _cascade_evaluate.
    res, failure = call(module.evaluate_stage1, 'evaluate_stage1()')
    if failure:
        return report({'stage1_passed': 0.0, 'error': 0.0}, {'failure_stage': 'stage1'}, failure=failure)
    metrics, artifacts = res
    if not passes(metrics, THRESHOLDS[0]) or not hasattr(module, 'evaluate_stage2'):
        return report(metrics, artifacts)
    res, failure = call(module.evaluate_stage2, 'evaluate_stage2()')
    if failure:
        metrics['stage2_passed'] = 0.0
        artifacts.update({'stage2_error': failure['message'], 'failure_stage': 'stage2'})
        return report(metrics, artifacts)
    metrics = {**numeric(metrics), **numeric(res[0])}
    artifacts.update(res[1])
    if len(THRESHOLDS) < 2 or not passes(metrics, THRESHOLDS[1]) or not hasattr(module, 'evaluate_stage3'):
        return report(metrics, artifacts)
    res, failure = call(module.evaluate_stage3, 'evaluate_stage3()')
    if failure:
        metrics['stage3_passed'] = 0.0
        artifacts.update({'stage3_error': failure['message'], 'failure_stage': 'stage3'})
        return report(metrics, artifacts)
    metrics.update(numeric(res[0]))
    artifacts.update(res[1])
    return report(metrics, artifacts)

try:
    main()
finally:
    sys.stdout.flush()
    sys.stderr.flush()
`;

const SHINKA = String.raw`
import subprocess
ENTRY, PROGRAM, RESULTS = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
os.makedirs(RESULTS, exist_ok=True)
sys.stdout.flush()
env = dict(os.environ)
env['PYTHONPATH'] = os.pathsep.join(p for p in [env.get('PYTHONPATH'), os.path.abspath('${SHIM_DIR}')] if p)
code = subprocess.run([sys.executable, ENTRY, '--program_path', PROGRAM, '--results_dir', RESULTS], env=env).returncode

def load(name):
    path = os.path.join(RESULTS, name)
    if not os.path.exists(path):
        return None, None
    try:
        with open(path, encoding='utf-8') as f:
            return json.load(f), None
    except Exception as e:
        return None, '%s is not valid JSON: %s' % (name, e)

metrics, bad = load('metrics.json')
correct, bad2 = load('correct.json')
if bad or bad2:
    report(None, failure={'by': 'evaluator', 'message': '%s wrote %s' % (ENTRY, bad or bad2)})
elif not isinstance(metrics, dict):
    why = 'exited with code %d without writing metrics.json' % code if code else 'wrote no metrics.json object'
    report(None, failure={'by': 'evaluator', 'message': '%s %s' % (ENTRY, why)})
else:
    ok = correct.get('correct') if isinstance(correct, dict) else None
    err = correct.get('error') if isinstance(correct, dict) else None
    failure = None
    if ok is False:
        failure = {'by': 'candidate', 'message': str(err) if err else '%s reported the candidate incorrect' % ENTRY}
    report(metrics, {}, correct=ok if isinstance(ok, bool) else None, failure=failure)
`;

export const OPENEVOLVE_HARNESS = COMMON + OPENEVOLVE;
export const SHINKA_HARNESS = COMMON + SHINKA;
