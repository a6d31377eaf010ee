// The eval agent's auxiliary_metrics.py versions in the demo's C++ routing run (seed 001's
// contract: evaluate_aux(results_dir, primary_result) -> dict, code at results_dir/main.cpp), and
// the evaluator bundle that runs one of them in the sandbox on one program: a small OpenEvolve-
// contract wrapper that calls evaluate_aux on the folder holding main.cpp. Both scripts measure
// what the score cannot: the public cases are ~150 clustered points; these run the program on a
// large uniform input (scaling and generalisation), compiled as the seed's task message says.
import type { EvaluatorBundle } from '../../../contracts/evaluatorTypes';

const COMMON = `import math
import os
import random
import subprocess
import time

COMPILE = ["g++", "-O2", "-std=gnu++17"]


def _points(seed, n):
    rng = random.Random(seed)
    return [(rng.randint(0, 1000), rng.randint(0, 1000)) for _ in range(n)]


def _run(binary, pts, env, limit):
    """Wall-clock ms and the tour length, or (ms, None) for a failed or wrong answer."""
    stdin = f"{len(pts)}\\n" + "".join(f"{x} {y}\\n" for x, y in pts)
    start = time.perf_counter()
    try:
        r = subprocess.run([binary], input=stdin, capture_output=True, text=True, timeout=limit, env=env)
    except subprocess.TimeoutExpired:
        return limit * 1000.0, None
    ms = (time.perf_counter() - start) * 1000.0
    try:
        order = [int(t) for t in r.stdout.split()]
    except ValueError:
        return ms, None
    if r.returncode != 0 or sorted(order) != list(range(len(pts))):
        return ms, None
    length = sum(math.dist(pts[order[i]], pts[order[(i + 1) % len(order)]]) for i in range(len(order)))
    return ms, length


def _compile(results_dir):
    code_path = os.path.join(results_dir, "main.cpp")
    binary = os.path.join(results_dir, "aux_main")
    env = {"PATH": "/usr/bin:/bin", "TMPDIR": results_dir, "LANG": "C"}
    c = subprocess.run(COMPILE + [code_path, "-o", binary], capture_output=True, text=True, timeout=60, env=env)
    return (binary if c.returncode == 0 else None), env
`;

/** Version 1 (first trigger): runtime and tour length on 1000 uniform points. */
export const AUX_SCRIPT_V1 = `"""auxiliary_metrics.py v1 (eval agent): how the tour scales beyond the public cases.

The public cases have ~150 clustered points, so the score cannot show what happens on a large
uniform input. Runs the program on 1000 uniform points (fixed seed) and reports its wall time and
the tour length it returns (lower is better for both).
"""
${COMMON}

def evaluate_aux(results_dir, primary_result=None):
    binary, env = _compile(results_dir)
    if binary is None:
        return {}
    ms, length = _run(binary, _points(2026, 1000), env, 10)
    out = {"runtime_ms_n1000": round(ms, 1)}
    if length is not None:
        out["tour_len_n1000"] = round(length, 1)
    return out
`;

/** Version 2 (second trigger): v1 plus the wall time on 3000 points (is the run time quadratic?). */
export const AUX_SCRIPT_V2 = `"""auxiliary_metrics.py v2 (eval agent): v1 plus the wall time on 3000 uniform points.

runtime_ms_n3000 / runtime_ms_n1000 near 9 says the construction is quadratic; near 3, linear.
"""
${COMMON}

def evaluate_aux(results_dir, primary_result=None):
    binary, env = _compile(results_dir)
    if binary is None:
        return {}
    ms, length = _run(binary, _points(2026, 1000), env, 10)
    out = {"runtime_ms_n1000": round(ms, 1)}
    if length is not None:
        out["tour_len_n1000"] = round(length, 1)
    ms3, length3 = _run(binary, _points(2027, 3000), env, 20)
    out["runtime_ms_n3000"] = round(ms3, 1)
    return out
`;

// The framework's side of "Hook 3": evaluate_aux on the generation's folder (the one holding
// main.cpp, not a subfolder: the seed's path rule), numbers only.
const WRAPPER = `import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def evaluate(program_path):
    results_dir = os.path.dirname(os.path.abspath(program_path))
    spec = importlib.util.spec_from_file_location("auxiliary_metrics", os.path.join(HERE, "auxiliary_metrics.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.evaluate_aux(results_dir, None) or {}
    return {k: float(v) for k, v in out.items() if isinstance(v, (int, float))}
`;

export function auxBundle(script: string): EvaluatorBundle {
  return {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: 'main.cpp',
    files: { 'evaluator.py': Buffer.from(WRAPPER, 'utf8'), 'auxiliary_metrics.py': Buffer.from(script, 'utf8') },
    // Compile (~1-2 s on a busy machine) and two runs under their own limits.
    timeoutSeconds: 60,
    memoryMb: 1024,
  };
}
