// Task B's code text: the seed solution, the approaches a structural rewrite can swap in and
// the optional blocks a local refinement can add. Kept apart from the bug injectors and task
// settings (cpp.ts) because it is data: real, compilable C++, line for line.
import type { Approach, OptionalBlock } from './types';
import { codeLines } from './text';

export const seed = codeLines(`
// EVOLVE-BLOCK-START
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace std;

// AHC-style routing: visit every delivery point once; a shorter closed tour scores higher.
const int MAX_ITERS = 150000;  // the judge's budget: iterations, not wall time, so runs repeat
const double T0 = 2000.0;
const double T1 = 10.0;
const int CHECK_INTERVAL = 256;

struct XorShift {
    uint64_t x = 88172645463325252ULL;
    uint64_t next() {
        x ^= x << 7;
        x ^= x >> 9;
        return x;
    }
    int next_int(int n) { return (int)(next() % (uint64_t)n); }
    double next_double() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
};

int n;
vector<int> xs, ys;
XorShift rng;

double dist(int a, int b) {
    double dx = xs[a] - xs[b], dy = ys[a] - ys[b];
    return sqrt(dx * dx + dy * dy);
}

double tour_length(const vector<int>& tour) {
    double total = 0.0;
    for (int i = 0; i < n; i++) total += dist(tour[i], tour[(i + 1) % n]);
    return total;
}

double around(const vector<int>& tour, int i) {
    return dist(tour[(i + n - 1) % n], tour[i]) + dist(tour[i], tour[(i + 1) % n]);
}

vector<int> initial_tour() {
    vector<int> tour(n);
    iota(tour.begin(), tour.end(), 0);
    return tour;
}

void anneal(vector<int>& tour) {
    double cur = tour_length(tour);
    vector<int> best_tour = tour;
    double best_score = cur;
    double temp = T0;
    long long iter = 0;
    while (iter < MAX_ITERS) {
        if ((iter & (CHECK_INTERVAL - 1)) == 0) {
            double progress = (double)iter / MAX_ITERS;
            temp = T0 * pow(T1 / T0, progress);
        }
        iter++;
        int i = rng.next_int(n), j = rng.next_int(n);
        if (i == j) continue;
        double before = around(tour, i) + around(tour, j);
        swap(tour[i], tour[j]);
        double delta = before - around(tour, i) - around(tour, j);
        if (delta >= 0 || rng.next_double() < exp(delta / temp)) {
            cur -= delta;
            if (cur < best_score) {
                best_score = cur;
                best_tour = tour;
            }
        } else {
            swap(tour[i], tour[j]);
        }
    }
    tour = best_tour;
}

int main() {
    if (scanf("%d", &n) != 1) return 1;
    xs.resize(n);
    ys.resize(n);
    for (int i = 0; i < n; i++) {
        if (scanf("%d %d", &xs[i], &ys[i]) != 2) return 1;
    }
    vector<int> tour = initial_tour();
    anneal(tour);
    for (int i = 0; i < n; i++) printf("%d%c", tour[i], i + 1 < n ? ' ' : '\\n');
    fprintf(stderr, "length=%.2f\\n", tour_length(tour));
    return 0;
}
// EVOLVE-BLOCK-END
`);

const slice = (from: string, to: string) => seed.slice(seed.indexOf(from), seed.indexOf(to) - 1);

export const initApproaches: Approach[] = [
  {
    id: 'nearest_neighbour',
    weight: 2,
    jackpot: true,
    signature: /^\s+if \(!used\[c\] && dist\(last, c\) < best\) \{$/,
    lines: codeLines(`
vector<int> initial_tour() {
    // Nearest-neighbour construction from city 0.
    vector<int> tour = {0};
    vector<bool> used(n, false);
    used[0] = true;
    for (int step = 1; step < n; step++) {
        int last = tour.back(), pick = -1;
        double best = 1e18;
        for (int c = 0; c < n; c++) {
            if (!used[c] && dist(last, c) < best) {
                best = dist(last, c);
                pick = c;
            }
        }
        used[pick] = true;
        tour.push_back(pick);
    }
    return tour;
}`),
  },
  {
    id: 'strip_sweep',
    weight: 1,
    signature: /^\s+const int strip = 1000 \/ STRIPS \+ 1;$/,
    needs: ['const int STRIPS = 12;'],
    lines: codeLines(`
vector<int> initial_tour() {
    // Boustrophedon sweep over horizontal strips: cheap and nearly crossing-free.
    vector<int> tour(n);
    iota(tour.begin(), tour.end(), 0);
    const int strip = 1000 / STRIPS + 1;
    sort(tour.begin(), tour.end(), [&](int a, int b) {
        int sa = ys[a] / strip, sb = ys[b] / strip;
        if (sa != sb) return sa < sb;
        return (sa % 2 == 0) ? xs[a] < xs[b] : xs[a] > xs[b];
    });
    return tour;
}`),
  },
  {
    id: 'identity',
    weight: 0.3,
    signature: /^vector<int> initial_tour\(\) \{$/,
    lines: slice('vector<int> initial_tour() {', 'void anneal(vector<int>& tour) {'),
  },
];

const annealHead = codeLines(`
    double cur = tour_length(tour);
    vector<int> best_tour = tour;
    double best_score = cur;
    double temp = T0;
    long long iter = 0;
    while (iter < MAX_ITERS) {
        if ((iter & (CHECK_INTERVAL - 1)) == 0) {
            double progress = (double)iter / MAX_ITERS;
            temp = T0 * pow(T1 / T0, progress);
        }
        iter++;`);

export const annealApproaches: Approach[] = [
  {
    id: 'two_opt',
    weight: 2.5,
    jackpot: true,
    signature: /^ {8}int a = tour\[i\], b = tour\[i \+ 1\], c = tour\[j\], d = /,
    sets: ['const double T0 = 300.0;'],
    lines: [
      'void anneal(vector<int>& tour) {',
      '    // 2-opt moves with O(1) delta evaluation; reversing the segment keeps the tour valid.',
      ...annealHead,
      ...codeLines(`
        int i = rng.next_int(n - 1), j = rng.next_int(n - 1);
        if (i > j) swap(i, j);
        if (j - i < 2) continue;
        int a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % n];
        double delta = dist(a, b) + dist(c, d) - dist(a, c) - dist(b, d);
        if (delta >= 0 || rng.next_double() < exp(delta / temp)) {
            reverse(tour.begin() + i + 1, tour.begin() + j + 1);
            cur -= delta;
            if (cur < best_score) {
                best_score = cur;
                best_tour = tour;
            }
        }
    }
    tour = best_tour;
}`),
    ],
  },
  {
    id: 'or_opt',
    weight: 1,
    signature: /^\s+cand\.insert\(cand\.begin\(\) \+ j - 1, city\);$/,
    needs: ['const int REVERSE_PERCENT = 80;'],
    lines: [
      'void anneal(vector<int>& tour) {',
      '    // Mix of 2-opt reversals and or-opt relocations of a single city.',
      ...annealHead,
      ...codeLines(`
        int i = rng.next_int(n - 1), j = rng.next_int(n - 1);
        if (i > j) swap(i, j);
        if (j - i < 2) continue;
        if (rng.next_int(100) < REVERSE_PERCENT) {
            int a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % n];
            double delta = dist(a, b) + dist(c, d) - dist(a, c) - dist(b, d);
            if (delta >= 0 || rng.next_double() < exp(delta / temp)) {
                reverse(tour.begin() + i + 1, tour.begin() + j + 1);
                cur -= delta;
            }
        } else {
            vector<int> cand = tour;
            int city = cand[i];
            cand.erase(cand.begin() + i);
            cand.insert(cand.begin() + j - 1, city);
            double next = tour_length(cand);
            double delta = cur - next;
            if (delta >= 0 || rng.next_double() < exp(delta / temp)) {
                tour.swap(cand);
                cur = next;
            }
        }
        if (cur < best_score) {
            best_score = cur;
            best_tour = tour;
        }
    }
    tour = best_tour;
}`),
    ],
  },
  {
    id: 'swap',
    weight: 0.3,
    signature: /^void anneal\(/,
    lines: slice('void anneal(vector<int>& tour) {', 'int main() {'),
  },
];

export const blocks: OptionalBlock[] = [
  {
    id: 'restart_best',
    lines: ['            if (progress > 0.5 && cur > best_score * 1.05) {', '                tour = best_tour;', '                cur = best_score;', '            }'],
    anchor: /^ {12}temp = /,
    place: 'after',
  },
  {
    id: 'polish',
    lines: [
      '    for (int i = 1; i + 2 < n; i++) {',
      '        double gain = dist(tour[i - 1], tour[i]) + dist(tour[i + 1], tour[i + 2]) - dist(tour[i - 1], tour[i + 1]) - dist(tour[i], tour[i + 2]);',
      '        if (gain > 1e-9) swap(tour[i], tour[i + 1]);',
      '    }',
    ],
    anchor: /^ {4}anneal\(tour\);$/,
    place: 'after',
  },
  { id: 'reheat', lines: ['        if (iter % 20000 == 0) temp = max(temp, T1 * 4.0);'], anchor: /^ {8}iter\+\+;$/, place: 'after' },
  { id: 'seed_mix', lines: ['    rng.x ^= (uint64_t)n * 0x9E3779B97F4A7C15ULL;'], anchor: /^ {4}ys\.resize\(n\);$/, place: 'after' },
  {
    id: 'tiny_case',
    lines: ['    if (n <= 3) {', '        for (int i = 0; i < n; i++) printf("%d%c", i, i + 1 < n ? \' \' : \'\\n\');', '        return 0;', '    }'],
    anchor: /^ {4}vector<int> tour = initial_tour\(\);$/,
    place: 'before',
  },
  {
    id: 'neighbour_window',
    lines: ['        if (rng.next_int(100) < 80) j = min(n - 2, i + 2 + rng.next_int(50));'],
    anchor: /^ {8}int i = rng\.next_int\(n - 1\), j = rng\.next_int\(n - 1\);$/,
    place: 'after',
  },
];
