"""Evaluator of the demo's circle-packing task (OpenEvolve contract: evaluate(program_path) -> dict).

The candidate (program.py) defines run_packing() -> (centers, radii, sum_radii) for 26 circles.
It runs in a child process with a time limit; the packing is then checked geometrically: 26
finite centres and non-negative radii, every circle inside the unit square and no two circles
overlapping (tolerance 1e-9). combined_score = sum_radii / 2.635 (the best known sum for
n = 26) when the packing is valid, 0 otherwise; the reason of any failure goes to stderr.
The score is computed from the radii, never from the sum the program reports.
"""
import json
import math
import os
import subprocess
import sys
import time

N_CIRCLES = 26
TARGET = 2.635
TIMEOUT_SECONDS = 10
TOL = 1e-9

# Runs in the child: imports the candidate and writes its packing as JSON to stdout's last line.
RUNNER = """
import importlib.util, json, sys
import numpy as np
spec = importlib.util.spec_from_file_location("candidate", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
centers, radii, reported = mod.run_packing()
print(json.dumps({"centers": np.asarray(centers, dtype=float).tolist(), "radii": np.asarray(radii, dtype=float).tolist()}))
"""


def check(centers, radii):
    """The first problem found with a packing, or None when it is valid (plain Python: fast)."""
    if len(centers) != N_CIRCLES or len(radii) != N_CIRCLES or any(len(c) != 2 for c in centers):
        return f"expected {N_CIRCLES} circles with 2-d centres, got {len(centers)} centres and {len(radii)} radii"
    if not all(math.isfinite(v) for v in [*radii, *(x for c in centers for x in c)]):
        return "centers or radii are not finite"
    for i, r in enumerate(radii):
        if r < 0:
            return f"circle {i} has a negative radius"
    for i, ((x, y), r) in enumerate(zip(centers, radii)):
        if x - r < -TOL or y - r < -TOL or x + r > 1 + TOL or y + r > 1 + TOL:
            return f"circle {i} at ({x:.4f}, {y:.4f}) with radius {r:.4f} leaves the unit square"
    for i in range(N_CIRCLES):
        for j in range(i + 1, N_CIRCLES):
            d = math.dist(centers[i], centers[j])
            if radii[i] + radii[j] > d + TOL:
                return f"circles {i} and {j} overlap by {radii[i] + radii[j] - d:.3g}"
    return None


def failed(reason, start):
    print(reason[-4000:], file=sys.stderr)
    return {"sum_radii": 0.0, "validity": 0.0, "eval_time": round(time.time() - start, 3), "combined_score": 0.0}


def evaluate(program_path):
    start = time.time()
    env = {"PATH": "/usr/bin:/bin", "LANG": "C", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    try:
        r = subprocess.run(
            [sys.executable, "-c", RUNNER, os.path.abspath(program_path)],
            cwd=os.path.dirname(os.path.abspath(program_path)),
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return failed(f"timeout: run_packing() ran for more than {TIMEOUT_SECONDS} s", start)
    if r.returncode != 0:
        return failed(r.stderr.strip() or f"run_packing() exited with code {r.returncode}", start)
    try:
        out = json.loads(r.stdout.strip().splitlines()[-1])
        centers = [[float(v) for v in c] for c in out["centers"]]
        radii = [float(v) for v in out["radii"]]
    except Exception as e:  # noqa: BLE001 - anything unreadable is the candidate's fault
        return failed(f"validation: could not read the packing run_packing() returned ({e})", start)
    problem = check(centers, radii)
    if problem:
        return failed(f"validation: {problem}", start)
    total = math.fsum(radii)
    return {"sum_radii": total, "validity": 1.0, "eval_time": round(time.time() - start, 3), "combined_score": total / TARGET}


if __name__ == "__main__":
    print(evaluate(sys.argv[1] if len(sys.argv) > 1 else "program.py"))
