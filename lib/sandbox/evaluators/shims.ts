// Stand-ins for the frameworks' helper packages, written into the sandbox beside the harness
// (harness.ts puts SHIM_DIR last on the module path).
import { SHIM_DIR } from './harness';

/**
 * ShinkaEvolve's evaluate.py scripts mostly delegate to `shinka.core.run_shinka_eval` (read from
 * shinka/core/wrap_eval.py, 2026-11): load the candidate as a module, call `experiment_fn_name`
 * `num_runs` times (kwargs from get_experiment_kwargs(i), else {seed: i + 1}), validate each
 * result, aggregate, add execution_time_mean/std (population std) and the validation counts, and
 * on any exception write DEFAULT_METRICS_ON_ERROR with correct=false; `extra_data` goes to
 * extra.pkl. Newer versions also pass `file_path`: given here only to a function that takes it.
 */
const SHINKA_WRAP_EVAL = String.raw`
import importlib.util, inspect, json, os, pickle, statistics, time

DEFAULT_METRICS_ON_ERROR = {
    'combined_score': 0.0, 'execution_time_mean': 0.0, 'execution_time_std': 0.0,
    'num_successful_runs': 0, 'num_valid_runs': 0, 'num_invalid_runs': 0, 'all_validation_errors': [],
}

def load_program(program_path):
    spec = importlib.util.spec_from_file_location('program', program_path)
    if spec is None or spec.loader is None:
        raise ImportError('Could not load spec for module at %s' % program_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

def save_json_results(results_dir, metrics, correct, error=None):
    os.makedirs(results_dir, exist_ok=True)
    with open(os.path.join(results_dir, 'correct.json'), 'w') as f:
        json.dump({'correct': correct, 'error': error}, f, indent=4)
    with open(os.path.join(results_dir, 'metrics.json'), 'w') as f:
        json.dump(metrics, f, indent=4)

def _takes(fn, name):
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == name or p.kind == p.VAR_KEYWORD for p in params)

def run_shinka_eval(program_path, results_dir, experiment_fn_name, num_runs, get_experiment_kwargs=None,
                    aggregate_metrics_fn=None, validate_fn=None, default_metrics_on_error=None):
    defaults = dict(default_metrics_on_error or DEFAULT_METRICS_ON_ERROR)
    correct, first_error, errors = True, None, []
    valid_runs = invalid_runs = 0
    results, times = [], []
    try:
        module = load_program(program_path)
        if not hasattr(module, experiment_fn_name):
            raise AttributeError("Experiment function '%s' not found in %s" % (experiment_fn_name, program_path))
        fn = getattr(module, experiment_fn_name)
        for i in range(num_runs):
            kwargs = dict(get_experiment_kwargs(i)) if get_experiment_kwargs else {'seed': i + 1}
            if get_experiment_kwargs and _takes(fn, 'file_path'):
                kwargs['file_path'] = program_path
            start = time.perf_counter()
            result = fn(**kwargs)
            times.append(time.perf_counter() - start)
            results.append(result)
            if validate_fn:
                ok, msg = validate_fn(result)
                if ok:
                    valid_runs += 1
                else:
                    invalid_runs += 1
                    correct = False
                    if msg and not first_error:
                        first_error = 'Validation failed: %s' % msg
                    if msg and msg not in errors:
                        errors.append(msg)
        if aggregate_metrics_fn:
            metrics = aggregate_metrics_fn(results)
        else:
            metrics = {'num_successful_runs': len(results),
                       'first_run_result_type': str(type(results[0])) if results else 'N/A',
                       'raw_results_preview': str(results[:2]) if results else 'N/A'}
        metrics['execution_time_mean'] = float(statistics.fmean(times)) if times else 0.0
        metrics['execution_time_std'] = float(statistics.pstdev(times)) if times else 0.0
        if validate_fn:
            metrics['num_valid_runs'] = valid_runs
            metrics['num_invalid_runs'] = invalid_runs
            metrics['all_validation_errors'] = errors
    except Exception as e:
        print('Evaluation error: %s' % e)
        metrics = {k: defaults.get(k, v) for k, v in DEFAULT_METRICS_ON_ERROR.items()}
        if validate_fn:
            metrics.setdefault('num_invalid_runs', len(results))
            metrics.setdefault('all_validation_errors', [str(e)])
        first_error, correct = str(e), False
    if 'extra_data' in metrics:
        os.makedirs(results_dir, exist_ok=True)
        with open(os.path.join(results_dir, 'extra.pkl'), 'wb') as f:
            pickle.dump(metrics.pop('extra_data'), f)
    save_json_results(results_dir, metrics, correct, first_error)
    return metrics, correct, first_error
`;

/**
 * Stand-ins for the frameworks' helper packages, which are not installed in the sandbox:
 * `from openevolve.evaluation_result import EvaluationResult` (OpenEvolve) and
 * `from shinka.core import run_shinka_eval` (ShinkaEvolve). They come after everything else on
 * the module path, so a real package bundled with the evaluator wins.
 */
export const SHIM_FILES: Record<string, string> = {
  [`${SHIM_DIR}/shinka/__init__.py`]: '',
  [`${SHIM_DIR}/shinka/core/__init__.py`]: 'from .wrap_eval import run_shinka_eval, load_program, save_json_results\n',
  [`${SHIM_DIR}/shinka/core/wrap_eval.py`]: SHINKA_WRAP_EVAL,
  [`${SHIM_DIR}/openevolve/__init__.py`]: '',
  [`${SHIM_DIR}/openevolve/evaluation_result.py`]: String.raw`
from dataclasses import dataclass, field
from typing import Any, Dict

@dataclass
class EvaluationResult:
    metrics: Dict[str, Any]
    artifacts: Dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, metrics):
        return cls(metrics=dict(metrics))

    def to_dict(self):
        return dict(self.metrics)

    def has_artifacts(self):
        return bool(self.artifacts)
`,
};
