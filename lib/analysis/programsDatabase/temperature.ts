// The cluster sampling temperature schedule. Seed 002: "Temperature decays cyclically over
// cluster_sampling_temperature_period stored functions, then resets." The seed gives no
// formula; DeepMind's FunSearch (Island.get_prompt) and the implementation the seed describes
// both use a linear saw-tooth:
//   T(n) = init * (1 - (n mod period) / period)
// where n is the number of programs stored on the island the prompt is built from
// (FunSearch's Island._num_programs: it counts every registration, the initial copies
// included, and restarts at 0 when the island is reset). T(0) = init; T falls linearly to
// init / period at n = period - 1; T(period) = init again. T never reaches 0.

export type TemperatureSchedule = {
  /** cluster_sampling_temperature_init (FunSearch default 0.1). */
  init: number;
  /** cluster_sampling_temperature_period (FunSearch default 30 000); null/undefined = not recorded. */
  period?: number | null;
};

export type TemperatureAt = {
  temperature: number;
  /** n mod period: how far into the current cycle (n itself when the schedule is constant). */
  position: number;
  /** Completed cycles before n (0 when the schedule is constant). */
  cycle: number;
  /** False when the period is absent, 0, negative or not finite: the temperature is held at init. */
  cyclic: boolean;
};

/** True when the period makes a cycle. FunSearch would divide by zero at period 0 (Python raises
 * ZeroDivisionError), and a source without the period gives nothing to decay over, so both are
 * shown as a constant temperature at init, flagged cyclic: false, never as a guessed period.
 * A period below 1 is constant too: n mod period is 0 at every whole n, so T(n) = init. */
export function isCyclic(period: number | null | undefined): period is number {
  return typeof period === 'number' && Number.isFinite(period) && period >= 1;
}

export function temperatureAt(n: number, schedule: TemperatureSchedule): TemperatureAt {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`stored programs must be a non-negative integer, got ${n}`);
  const { init, period } = schedule;
  if (!isCyclic(period)) return { temperature: init, position: n, cycle: 0, cyclic: false };
  const position = n % period;
  return { temperature: init * (1 - position / period), position, cycle: Math.floor(n / period), cyclic: true };
}

export type TemperaturePoint = { n: number; temperature: number };

/**
 * The schedule over n = 0..nMax as a polyline for a chart: the start and end of every cycle
 * (the point just before a reset and the reset itself, so the saw-tooth has vertical edges),
 * not one point per program. A constant schedule is two points.
 */
export function temperatureCurve(schedule: TemperatureSchedule, nMax: number): TemperaturePoint[] {
  if (!Number.isInteger(nMax) || nMax < 0) throw new RangeError(`nMax must be a non-negative integer, got ${nMax}`);
  const at = (n: number) => ({ n, temperature: temperatureAt(n, schedule).temperature });
  if (!isCyclic(schedule.period)) return nMax === 0 ? [at(0)] : [at(0), at(nMax)];
  const period = schedule.period;
  const points: TemperaturePoint[] = [];
  // Cycle k starts at the first integer n >= k * period (a period need not be an integer).
  for (let k = 0; ; k++) {
    const start = Math.ceil(k * period);
    if (start > nMax) break;
    points.push(at(start));
    const last = Math.min(Math.ceil((k + 1) * period) - 1, nMax);
    if (last > start) points.push(at(last));
  }
  return points;
}
