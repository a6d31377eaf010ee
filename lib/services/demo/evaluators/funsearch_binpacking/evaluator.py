"""Evaluator of the demo's FunSearch-style task: online bin packing (OpenEvolve contract:
evaluate(program_path) -> dict, so the run's "Re-run" works like the other demo runs).

The candidate (program.py) defines priority(item, bins) -> array: the priority with which the
item goes into each bin that can hold it, as in FunSearch's bin-packing specification. Every
test packs its items online: each item goes into the feasible bin of highest priority (ties:
the first). Tests are seeded instances generated here, like OR-Library's binpack1
(FunSearch's OR1): integer items uniform in 20..100, capacity 150, so the evaluation is
deterministic.

- score_<test> = -(bins used) per test: FunSearch's scores_per_test;
- combined_score = their mean (higher is better);
- output_hash: sha256 (first 16 hex digits) of every priority value the function assigned, rounded
  to 9 significant digits: the seed's "hash computed from the priority values the function
  assigns to each input", so two functions with the same priorities are duplicates;
- cpu_time: CPU seconds (time.process_time) spent running the candidate on all tests.
A candidate that raises, returns priorities of the wrong shape or non-finite values, or runs past
TIME_LIMIT seconds fails: validity 0.0, the reason on stderr.
"""
import hashlib
import importlib.util
import random
import signal
import sys
import time

import numpy as np

CAPACITY = 150
TIME_LIMIT = 3.0
# (name, seed, number of items)
TESTS = [("or_a", 11, 150), ("or_b", 12, 150), ("or_c", 13, 150), ("or_d", 14, 150)]


class TimeLimit(Exception):
    pass


def instance(seed, n):
    rng = random.Random(seed)
    return [rng.randint(20, 100) for _ in range(n)]


def pack(priority, items, digest):
    """FunSearch's online_binpack: one bin per item to start with, all of capacity CAPACITY."""
    bins = np.full(len(items), float(CAPACITY))
    for item in items:
        valid = np.nonzero(bins - item >= 0)[0]
        p = np.asarray(priority(float(item), bins[valid]), dtype=float)
        if p.shape != valid.shape:
            raise ValueError(f"priority returned shape {p.shape} for {len(valid)} bins")
        if not np.all(np.isfinite(p)):
            raise ValueError("priority returned a non-finite value")
        digest.update(",".join(f"{v:.9g}" for v in p.tolist()).encode())
        digest.update(b";")
        bins[valid[int(np.argmax(p))]] -= item
    return int(np.count_nonzero(bins != CAPACITY))


def failed(reason, cpu):
    print(reason[-4000:], file=sys.stderr)
    return {"validity": 0.0, "cpu_time": round(cpu, 4)}


def evaluate(program_path):
    start = time.process_time()

    def on_alarm(signum, frame):
        raise TimeLimit()

    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        spec = importlib.util.spec_from_file_location("candidate", program_path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        digest = hashlib.sha256()
        scores = {}
        for name, seed, n in TESTS:
            scores[name] = -pack(mod.priority, instance(seed, n), digest)
    except TimeLimit:
        return failed(f"timeout: the candidate ran for more than {TIME_LIMIT} s", time.process_time() - start)
    except Exception as e:  # noqa: BLE001 - whatever the candidate raised is its failure
        return failed(f"{type(e).__name__}: {e}", time.process_time() - start)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    cpu = time.process_time() - start
    out = {f"score_{k}": float(v) for k, v in scores.items()}
    out.update({"combined_score": sum(scores.values()) / len(scores), "validity": 1.0, "cpu_time": round(cpu, 4), "output_hash": digest.hexdigest()[:16]})
    return out


if __name__ == "__main__":
    print(evaluate(sys.argv[1] if len(sys.argv) > 1 else "program.py"))
