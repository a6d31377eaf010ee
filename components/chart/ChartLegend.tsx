// Legend of the score chart; names the best-so-far definition shown (stored with the result).
import type { BestSoFar } from '@/lib/contracts/api/points';
import { formatScore } from '../ui/format';
import { DOT_COLOURS } from './drawScatter';
import { Legend } from '../ui/Legend';

export function ChartLegend({
  metric,
  best,
  counts,
}: {
  metric: string;
  best: BestSoFar | null;
  counts: { scored: number; invalid: number; noValue: number } | null;
}) {
  const direction = best ? (best.higherIsBetter ? 'higher is better' : 'lower is better') : null;
  return (
    <div>
      <Legend
        items={[
          {
            key: 'best',
            label: `best-so-far: strict improvements of ${metric} over iteration order, valid programs only${direction ? ` (${direction})` : ''}`,
            color: '#e07b00',
            shape: 'step',
          },
          { label: 'program', color: DOT_COLOURS.scored, shape: 'dot', opacity: 0.7, count: counts?.scored },
          { label: 'invalid', color: DOT_COLOURS.invalid, shape: 'cross', count: counts?.invalid },
          counts && counts.noValue > 0 && { key: 'no-value', label: `valid, no ${metric}`, color: DOT_COLOURS.noValue, shape: 'tick', count: counts.noValue },
          best?.finalBest && {
            key: 'final',
            label: `final best ${formatScore(best.finalBest.score)} at iteration ${best.finalBest.iteration} (${best.points.length} improvements)`,
            shape: 'none',
          },
        ]}
      />
      {best && <p className="muted" style={{ fontSize: '0.78rem', margin: '0.3rem 0 0' }}>Definition: {best.definition}</p>}
    </div>
  );
}
