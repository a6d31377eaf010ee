// PREPARE: counters over time for the database page. One series per counter the source keeps (a
// key absent from every sample is left out, not drawn as 0), on the first clock all samples share;
// the value at the chosen moment is the last sample at or before it.
import type { SearchStateResponse } from '@/lib/contracts/api/searchStateSchemas';
import { pickClock, type Clock } from './lanesModel';

type Sample = SearchStateResponse['counters'][number];
type Moment = Sample['at'];

const int = (v: number) => Math.round(v).toLocaleString('en-US');
const secs = (v: number) => `${v.toFixed(1)} s`;
const usd = (v: number) => `$${v.toFixed(v < 1 ? 4 : 2)}`;

export const COUNTERS: { key: keyof Sample['values']; label: string; format: (v: number) => string }[] = [
  { key: 'iterations', label: 'iterations', format: int },
  { key: 'total_stored_programs', label: 'stored programs', format: int },
  { key: 'execution_failed', label: 'execution failed', format: int },
  { key: 'duplicates_discarded', label: 'duplicates discarded', format: int },
  { key: 'version_mismatch_discarded', label: 'version mismatch discarded', format: int },
  { key: 'parallel_prompts', label: 'parallel prompts', format: int },
  { key: 'sequential_prompts', label: 'sequential prompts', format: int },
  { key: 'prompts_skipped', label: 'prompts skipped (no clusters)', format: int },
  { key: 'prompts_fewer_clusters', label: 'prompts with fewer clusters than needed', format: int },
  { key: 'prompts_uniform_fallback', label: 'prompts with the uniform fallback', format: int },
  { key: 'prompts_duplicate_examples', label: 'prompts with duplicate few-shot examples', format: int },
  { key: 'duplicate_examples', label: 'duplicate few-shot examples', format: int },
  { key: 'cumulative_input_tokens', label: 'input tokens (cumulative)', format: int },
  { key: 'cumulative_output_tokens', label: 'output tokens (cumulative)', format: int },
  { key: 'cumulative_cost', label: 'cost (cumulative, USD)', format: usd },
  { key: 'cumulative_evaluator_cpu_time', label: 'evaluator CPU time (cumulative)', format: secs },
  { key: 'cumulative_sampler_gpu_time', label: 'sampler GPU time (cumulative)', format: secs },
];

export type CounterSeries = { key: string; label: string; format: (v: number) => string; points: [number, number][]; final: number; atMoment: number | null };

export function countersModel(samples: Sample[], at: Moment | null): { clock: Clock | null; series: CounterSeries[] } {
  const clock = pickClock(samples.map((s) => s.at));
  const t = (m: Moment, i: number) => (clock ? (m[clock] as number) : i);
  const limit = at && clock && at[clock] !== null ? (at[clock] as number) : null;
  const series = COUNTERS.flatMap((c): CounterSeries[] => {
    const points = samples.flatMap((s, i): [number, number][] => (typeof s.values[c.key] === 'number' ? [[t(s.at, i), s.values[c.key] as number]] : []));
    if (!points.length) return [];
    const before = limit === null ? [] : points.filter(([x]) => x <= limit);
    return [{ key: c.key, label: c.label, format: c.format, points, final: points[points.length - 1][1], atMoment: before.length ? before[before.length - 1][1] : null }];
  });
  return { clock, series };
}
