// Legend of the score chart; names the best-so-far definition shown (stored with the result).
import type { BestSoFar } from '@/lib/contracts/api/points';
import { formatScore } from '../ui/format';
import { DOT_COLOURS } from './drawScatter';

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
      <div className="legend">
        <span>
          <svg className="swatch" width="22" height="10" aria-hidden="true">
            <path d="M1 8 H9 V2 H21" stroke="#e07b00" strokeWidth="2" fill="none" />
          </svg>
          best-so-far: strict improvements of {metric} over iteration order, valid programs only
          {direction && ` (${direction})`}
        </span>
        <span>
          <svg className="swatch" width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="3" fill={DOT_COLOURS.scored} opacity="0.7" />
          </svg>
          program{counts ? ` (${counts.scored.toLocaleString('en-US')})` : ''}
        </span>
        <span>
          <svg className="swatch" width="10" height="10" aria-hidden="true">
            <path d="M2 2 L8 8 M2 8 L8 2" stroke={DOT_COLOURS.invalid} strokeWidth="1.5" />
          </svg>
          invalid{counts ? ` (${counts.invalid.toLocaleString('en-US')})` : ''}
        </span>
        {counts && counts.noValue > 0 && (
          <span>
            <svg className="swatch" width="10" height="10" aria-hidden="true">
              <path d="M5 1 V9" stroke={DOT_COLOURS.noValue} strokeWidth="1.5" />
            </svg>
            valid, no {metric} ({counts.noValue.toLocaleString('en-US')})
          </span>
        )}
        {best?.finalBest && (
          <span>
            final best {formatScore(best.finalBest.score)} at iteration {best.finalBest.iteration} ({best.points.length} improvements)
          </span>
        )}
      </div>
      {best && <p className="muted" style={{ fontSize: '0.78rem', margin: '0.3rem 0 0' }}>Definition: {best.definition}</p>}
    </div>
  );
}
