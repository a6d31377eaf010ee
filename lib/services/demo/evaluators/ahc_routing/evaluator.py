"""Judge of the demo's AHC-style routing task (OpenEvolve contract: evaluate(program_path) -> dict).

The candidate is a C++17 program (main.cpp). It reads n and n integer points from stdin and
prints a permutation of 0..n-1: the order of a closed tour. The judge compiles it, generates one
input per line of seeds.txt, runs the binary on each with a time limit and scores the tour:

    case score = round(1e6 * L_nn / L)   (L_nn: length of the nearest-neighbour tour from city 0)

so a nearest-neighbour tour scores 1e6 per case and shorter tours score more.
combined_score = mean case score / 1e6. A compile error, a crash, a time-out or a wrong answer on
any case fails the program: combined_score = -1000 (the sentinel the task statement announces).

seeds.txt is the public test set. Private re-scoring overlays another seeds.txt (private/),
drawn from a different layout: evolution only ever sees the public cases.
Everything is deterministic: same program, same seeds, same score.
"""
import math
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
COMPILE = ["g++", "-O2", "-std=gnu++17", "-pipe", "-D_GLIBCXX_ASSERTIONS", "-o", "main", "main.cpp"]
CASE_TIME_LIMIT = 2.0  # seconds per case (legitimate programs: well under 0.5 s)
FAILED = -1000.0


def read_seeds(path):
    cases = []
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                seed, n, layout = line.split()
                cases.append((int(seed), int(n), layout))
    return cases


def generate(seed, n, layout):
    """Points with integer coordinates in [0, 1000]."""
    rng = random.Random(seed)
    if layout == "uniform":
        return [(rng.randint(0, 1000), rng.randint(0, 1000)) for _ in range(n)]
    if layout == "clustered":
        hubs = [(rng.uniform(100, 900), rng.uniform(100, 900)) for _ in range(rng.randint(5, 8))]
        pts = []
        for _ in range(n):
            hx, hy = rng.choice(hubs)
            pts.append((min(1000, max(0, round(rng.gauss(hx, 45)))), min(1000, max(0, round(rng.gauss(hy, 45))))))
        return pts
    raise ValueError(f"unknown layout {layout!r} in seeds.txt")


def tour_length(pts, order):
    return sum(math.dist(pts[order[i]], pts[order[(i + 1) % len(order)]]) for i in range(len(order)))


def nearest_neighbour_length(pts):
    n = len(pts)
    used = [False] * n
    used[0] = True
    order = [0]
    for _ in range(n - 1):
        last = pts[order[-1]]
        best, pick = math.inf, -1
        for c in range(n):
            if not used[c]:
                d = math.dist(last, pts[c])
                if d < best:
                    best, pick = d, c
        used[pick] = True
        order.append(pick)
    return tour_length(pts, order)


def fail(reason, detail, runtime_ms=0.0):
    print(f"{reason}\n{detail}"[:4000], file=sys.stderr)
    return {"combined_score": FAILED, "total_score": 0.0, "runtime_ms": round(runtime_ms, 3)}


def evaluate(program_path):
    work = os.path.dirname(os.path.abspath(program_path))
    if os.path.basename(program_path) != "main.cpp":
        with open(program_path) as src, open(os.path.join(work, "main.cpp"), "w") as dst:
            dst.write(src.read())
    env = {"PATH": "/usr/bin:/bin", "TMPDIR": work, "LANG": "C"}
    try:
        c = subprocess.run(COMPILE, cwd=work, env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return fail("compile error", "the compiler ran for more than 60 s")
    if c.returncode != 0:
        return fail("compile error", c.stderr)

    cases = read_seeds(os.path.join(HERE, "seeds.txt"))
    total, slowest = 0, 0.0
    for k, (seed, n, layout) in enumerate(cases):
        pts = generate(seed, n, layout)
        stdin = f"{n}\n" + "".join(f"{x} {y}\n" for x, y in pts)
        start = time.perf_counter()
        try:
            r = subprocess.run(["./main"], cwd=work, env=env, input=stdin, capture_output=True, text=True, timeout=CASE_TIME_LIMIT)
        except subprocess.TimeoutExpired:
            return fail(f"case {k} (seed {seed}): time limit exceeded", f"more than {CASE_TIME_LIMIT * 1000:.0f} ms", CASE_TIME_LIMIT * 1000)
        ms = (time.perf_counter() - start) * 1000
        slowest = max(slowest, ms)
        if r.returncode != 0:
            return fail(f"case {k} (seed {seed}): runtime error (exit code {r.returncode})", r.stderr[-2000:], ms)
        try:
            order = [int(t) for t in r.stdout.split()]
        except ValueError:
            order = []
        if sorted(order) != list(range(n)):
            return fail(f"case {k} (seed {seed}): wrong answer", f"output is not a permutation of 0..{n - 1} ({len(order)} numbers)", ms)
        total += round(1e6 * nearest_neighbour_length(pts) / tour_length(pts, order))
    return {
        "combined_score": total / len(cases) / 1e6,
        "total_score": float(total),
        "runtime_ms": round(slowest, 3),
    }


if __name__ == "__main__":
    print(evaluate(sys.argv[1] if len(sys.argv) > 1 else "main.cpp"))
