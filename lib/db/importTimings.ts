// Where an import's time goes, for `EVOSCOPE_IMPORT_TIMINGS=1` (one JSON line on stderr when the
// import is stored; README "Benchmarks" quotes it). Wall milliseconds per step of the main
// thread, plus the COPY statements' wall time per table (they overlap the building of the next
// batch: the database works while this thread does). Off unless asked: the counters cost a
// clock read per step.
export const TIMINGS_ON = process.env.EVOSCOPE_IMPORT_TIMINGS === '1';

const ms = new Map<string, number>();

/** Adds the time since `since` (a performance.now() value) to `step`. */
export function addTime(step: string, since: number) {
  if (TIMINGS_ON) ms.set(step, (ms.get(step) ?? 0) + performance.now() - since);
}

/** Runs `fn`, its time counted under `step` (async: until it settles). */
export async function timed<T>(step: string, fn: () => Promise<T>): Promise<T> {
  if (!TIMINGS_ON) return fn();
  const t = performance.now();
  try {
    return await fn();
  } finally {
    addTime(step, t);
  }
}

/** Prints the steps counted so far (rounded ms) with CPU time and peak RSS, then clears them. */
export function reportTimings(label: string) {
  if (!TIMINGS_ON) return;
  const u = process.resourceUsage();
  const steps = Object.fromEntries([...ms].map(([k, v]) => [k, Math.round(v)]));
  process.stderr.write(
    `[import timings] ${JSON.stringify({ label, ...steps, cpuUserMs: Math.round(u.userCPUTime / 1000), cpuSystemMs: Math.round(u.systemCPUTime / 1000), peakRssMB: Math.round(u.maxRSS / 1024) })}\n`,
  );
  ms.clear();
}
