// Task A's code text: the seed program, the alternative approaches a structural rewrite can
// swap in, and the optional blocks a local refinement can add. Kept apart from the bug
// injectors and task settings (python.ts) because it is data: real, runnable Python.
import type { Approach, OptionalBlock } from './types';
import { codeLines } from './text';

export const seed = codeLines(`
# EVOLVE-BLOCK-START
"""Constructor-based circle packing: 26 circles in the unit square, maximise the sum of radii."""
import numpy as np

N_CIRCLES = 26
LEARNING_RATE = 0.05  # initial step of the update
N_ITERS = 1500
COOLING_RATE = 0.995  # per-iteration decay of the step
PENALTY_WEIGHT = 10.0
BORDER_MARGIN = 0.002
INNER_RING = 0.22
OUTER_RING = 0.41


def initial_centers(n, rng):
    """Centre circle plus two concentric rings."""
    centers = np.zeros((n, 2))
    centers[0] = [0.5, 0.5]
    inner = 8
    for i in range(inner):
        angle = 2 * np.pi * i / inner
        centers[1 + i] = [0.5 + INNER_RING * np.cos(angle), 0.5 + INNER_RING * np.sin(angle)]
    outer = n - 1 - inner
    for i in range(outer):
        angle = 2 * np.pi * i / outer + np.pi / outer
        centers[1 + inner + i] = [0.5 + OUTER_RING * np.cos(angle), 0.5 + OUTER_RING * np.sin(angle)]
    return np.clip(centers, BORDER_MARGIN, 1 - BORDER_MARGIN)


def compute_max_radii(centers):
    """Largest radii that keep every circle inside the square and disjoint from the others."""
    n = centers.shape[0]
    radii = np.min(np.hstack([centers, 1 - centers]), axis=1)
    for i in range(n):
        for j in range(i + 1, n):
            dist = np.sqrt(np.sum((centers[i] - centers[j]) ** 2))
            if radii[i] + radii[j] > dist:
                scale = dist / (radii[i] + radii[j])
                radii[i] *= scale
                radii[j] *= scale
    return radii


def refine(centers, rng):
    """Push circles apart towards a common target radius; the step cools every iteration."""
    n = centers.shape[0]
    target = 0.5 / np.sqrt(n)
    step = LEARNING_RATE
    for it in range(N_ITERS):
        diff = centers[:, None, :] - centers[None, :, :]
        dist = np.sqrt(np.sum(diff ** 2, axis=-1)) + np.eye(n)
        overlap = np.maximum(2 * target - dist, 0.0)
        np.fill_diagonal(overlap, 0.0)
        force = np.sum(diff / dist[..., None] * overlap[..., None], axis=1)
        wall = np.maximum(target - centers, 0.0) - np.maximum(centers + target - 1, 0.0)
        centers = centers + step * (force + PENALTY_WEIGHT * wall)
        step *= COOLING_RATE
    return centers


def construct_packing():
    """Initial layout, refinement, then the largest feasible radii."""
    rng = np.random.default_rng(42)
    centers = initial_centers(N_CIRCLES, rng)
    centers = refine(centers, rng)
    radii = compute_max_radii(centers)
    return centers, radii, float(np.sum(radii))


# EVOLVE-BLOCK-END


def run_packing():
    """Entry point called by the evaluator."""
    centers, radii, sum_radii = construct_packing()
    return centers, radii, sum_radii


if __name__ == "__main__":
    centers, radii, sum_radii = run_packing()
    print(f"Sum of radii: {sum_radii:.6f}")
`);

export const initApproaches: Approach[] = [
  {
    id: 'rings',
    weight: 0.5,
    signature: /INNER_RING \* np\.cos/,
    needs: ['INNER_RING = 0.22', 'OUTER_RING = 0.41'],
    lines: seed.slice(seed.indexOf('def initial_centers(n, rng):'), seed.indexOf('def compute_max_radii(centers):') - 2),
  },
  {
    id: 'grid',
    weight: 1,
    signature: /np\.linspace\(GRID_INSET/,
    needs: ['GRID_INSET = 0.1'],
    lines: codeLines(`
def initial_centers(n, rng):
    """5x5 grid plus one extra circle squeezed into a middle gap."""
    side = 5
    ticks = np.linspace(GRID_INSET, 1 - GRID_INSET, side)
    xs, ys = np.meshgrid(ticks, ticks)
    centers = np.column_stack([xs.ravel(), ys.ravel()])
    extra = np.array([[0.5 + 0.5 / side, 0.5 + 0.5 / side]])
    return np.vstack([centers, extra])[:n]`),
  },
  {
    id: 'greedy',
    weight: 1,
    signature: /rng\.uniform\(BORDER_MARGIN, 1 - BORDER_MARGIN, \(CANDIDATES, 2\)\)/,
    needs: ['CANDIDATES = 400'],
    lines: codeLines(`
def initial_centers(n, rng):
    """Greedy farthest-point placement from random candidates, corners first."""
    centers = [[0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]]
    while len(centers) < n:
        cand = rng.uniform(BORDER_MARGIN, 1 - BORDER_MARGIN, (CANDIDATES, 2))
        pts = np.array(centers)
        gap = np.min(np.linalg.norm(cand[:, None, :] - pts[None, :, :], axis=-1), axis=1)
        gap = np.minimum(gap, 2 * np.min(np.hstack([cand, 1 - cand]), axis=1))
        centers.append(cand[int(np.argmax(gap))].tolist())
    return np.array(centers)`),
  },
  {
    id: 'hex',
    weight: 2,
    signature: /spacing = 1\.0 \/ \(max\(rows\) \+ HEX_PAD\)/,
    needs: ['HEX_PAD = 0.3'],
    lines: codeLines(`
def initial_centers(n, rng):
    """Hexagonal rows (5-6-5-5-5), every other row shifted by half a spacing."""
    rows = [5, 6, 5, 5, 5]
    spacing = 1.0 / (max(rows) + HEX_PAD)
    centers = []
    for r, count in enumerate(rows):
        y = (r + 0.5) / len(rows)
        offset = 0.5 * spacing if r % 2 else 0.0
        for c in range(count):
            centers.append([spacing * (c + 0.5) + offset, y])
    return np.clip(np.array(centers[:n]), BORDER_MARGIN, 1 - BORDER_MARGIN)`),
  },
];

export const refineApproaches: Approach[] = [
  {
    id: 'repulsion',
    weight: 0.5,
    signature: /overlap = np\.maximum\(2 \* target - dist, 0\.0\)/,
    lines: seed.slice(seed.indexOf('def refine(centers, rng):'), seed.indexOf('def construct_packing():') - 2),
  },
  {
    id: 'penalty_growth',
    weight: 2.5,
    jackpot: true,
    signature: /grad_r = 1\.0 - PENALTY_WEIGHT \*/,
    sets: ['LEARNING_RATE = 0.01', 'PENALTY_WEIGHT = 40.0'],
    lines: codeLines(`
def refine(centers, rng):
    """Grow radii and move centres together: gradient ascent on sum(r) minus overlap penalties."""
    n = centers.shape[0]
    radii = np.full(n, 0.5 / np.sqrt(n))
    step = LEARNING_RATE
    for it in range(N_ITERS):
        diff = centers[:, None, :] - centers[None, :, :]
        dist = np.sqrt(np.sum(diff ** 2, axis=-1)) + np.eye(n)
        overlap = np.maximum(radii[:, None] + radii[None, :] - dist, 0.0)
        np.fill_diagonal(overlap, 0.0)
        low = np.maximum(radii[:, None] - centers, 0.0)
        high = np.maximum(centers + radii[:, None] - 1, 0.0)
        grad_r = 1.0 - PENALTY_WEIGHT * (np.sum(overlap, axis=1) + np.sum(low + high, axis=1))
        grad_c = PENALTY_WEIGHT * (np.sum(diff / dist[..., None] * overlap[..., None], axis=1) + low - high)
        radii = np.maximum(radii + step * grad_r, 0.0)
        centers = centers + step * grad_c
        step *= COOLING_RATE
    return centers`),
  },
  {
    id: 'anneal',
    weight: 1,
    signature: /np\.exp\(\(score - best\) \/ temperature\)/,
    needs: ['TEMPERATURE = 0.01'],
    lines: codeLines(`
def refine(centers, rng):
    """Simulated annealing on the centres: jiggle one circle, accept by the Metropolis rule."""
    n = centers.shape[0]
    step = LEARNING_RATE
    temperature = TEMPERATURE

    def quick_score(c):
        d = np.sqrt(np.sum((c[:, None, :] - c[None, :, :]) ** 2, axis=-1)) + np.eye(n)
        return float(np.sum(np.minimum(np.min(d, axis=1) / 2, np.min(np.hstack([c, 1 - c]), axis=1))))

    best = quick_score(centers)
    for it in range(N_ITERS):
        k = rng.integers(n)
        candidate = centers.copy()
        candidate[k] = np.clip(candidate[k] + rng.normal(0.0, step, 2), 0.0, 1.0)
        score = quick_score(candidate)
        if score > best or rng.random() < np.exp((score - best) / temperature):
            centers, best = candidate, score
        temperature *= COOLING_RATE
        step *= COOLING_RATE
    return centers`),
  },
];

export const radiiApproaches: Approach[] = [
  {
    id: 'shrink_grow',
    weight: 1.5,
    jackpot: true,
    signature: /^ {4}for i in np\.argsort\(radii\):$/,
    lines: [
      'def compute_max_radii(centers):',
      '    """Shrink overlapping pairs, then grow every circle into the slack its neighbours left."""',
      ...seed.slice(seed.indexOf('def compute_max_radii(centers):') + 2, seed.indexOf('def refine(centers, rng):') - 3),
      ...codeLines(`
    # Second pass: grow each circle (smallest first) into the slack its neighbours left.
    for i in np.argsort(radii):
        gap = np.sqrt(np.sum((centers - centers[i]) ** 2, axis=1)) - radii
        gap[i] = np.inf
        radii[i] = max(0.0, min(np.min(np.hstack([centers[i], 1 - centers[i]])), np.min(gap)))
    return radii`),
    ],
  },
  {
    id: 'shrink',
    weight: 0.5,
    signature: /^ {4}radii = np\.(?:min|minimum)\(/,
    lines: seed.slice(seed.indexOf('def compute_max_radii(centers):'), seed.indexOf('def refine(centers, rng):') - 2),
  },
];

export const blocks: OptionalBlock[] = [
  { id: 'wall_clamp', lines: ['        centers = np.clip(centers, BORDER_MARGIN, 1 - BORDER_MARGIN)'], anchor: /^ {8}centers = centers [+-] /, place: 'after' },
  { id: 'early_stop', lines: ['        if step < 1e-6:', '            break'], anchor: /^ {4}for it in range\(N_ITERS\):$/, place: 'after' },
  {
    id: 'jitter',
    lines: ['        if it % 250 == 249:', '            centers = centers + rng.normal(0.0, 0.002, centers.shape)'],
    anchor: /^ {8}step \*= COOLING_RATE$/,
    place: 'before',
  },
  { id: 'radii_slack', lines: ['    radii = np.maximum(radii - 1e-12, 0.0)'], anchor: /^ {4}return radii$/, place: 'before' },
  {
    id: 'corner_seed',
    lines: ['    corners = np.array([[0.09, 0.09], [0.91, 0.09], [0.09, 0.91], [0.91, 0.91]])', '    centers[-4:] = corners'],
    anchor: /^ {4}centers = initial_centers\(/,
    place: 'after',
  },
  { id: 'polish', lines: ['    for _ in range(2):', '        centers = refine(centers, rng)'], anchor: /^ {4}centers = refine\(centers, rng\)$/, place: 'after' },
  {
    id: 'sort_by_radius',
    lines: ['    order = np.argsort(-compute_max_radii(centers))', '    centers = centers[order]'],
    anchor: /^ {4}radii = compute_max_radii\(centers\)$/,
    place: 'before',
  },
  {
    id: 'center_mass',
    lines: ['        centers = centers - 0.01 * (centers.mean(axis=0) - 0.5)'],
    anchor: /^ {8}step \*= COOLING_RATE$/,
    place: 'before',
  },
];
