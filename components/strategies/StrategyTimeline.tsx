// Draws the strategy timeline strategyTimelineModel.ts prepared: one row per strategy, a bar over
// the solution iterations it was active for, coloured by new best / fallback / neither, its
// score beside it. Each bar links to the strategy's code below. Decides nothing.
import Link from 'next/link';
import { formatScore } from '../ui/format';
import type { BarKind, TimelineModel } from './strategyTimelineModel';
import { Legend } from '../ui/Legend';

export const BAR_COLORS: Record<BarKind, string> = { 'new-best': '#2b8a3e', fallback: '#e8590c', plain: '#868e96' };
const KIND_LABEL: Record<BarKind, string> = { 'new-best': 'new best', fallback: 'fallback', plain: 'not a new best' };
const ROW = 22;

export function StrategyTimeline({ model, href, selected }: { model: TimelineModel; href: (iteration: number) => string; selected: number | null }) {
  if (!model.domain) return <p className="muted">No strategy recorded the solution iterations it was active for: no timeline to draw.</p>;
  return (
    <figure style={{ margin: '0.5rem 0 1rem' }} aria-label="Strategy timeline" data-testid="strategy-timeline">
      <div style={{ display: 'grid', gridTemplateColumns: '7rem 1fr 5rem', rowGap: 4, alignItems: 'center', fontSize: '0.82rem' }}>
        {model.bars.map((b) => (
          <div key={b.iteration} style={{ display: 'contents' }}>
            <Link href={href(b.iteration)} className="mono" aria-current={selected === b.iteration ? 'true' : undefined}>
              strategy {b.iteration}
            </Link>
            <div style={{ position: 'relative', height: ROW, background: '#f5f6f7', borderRadius: 3 }}>
              <Link
                href={href(b.iteration)}
                data-testid="strategy-bar"
                data-kind={b.kind}
                data-iteration={b.iteration}
                title={`strategy ${b.iteration}: solution iterations ${b.from}–${b.to}${b.endInferred ? ' (end inferred)' : ''} · score ${formatScore(b.score)} · ${KIND_LABEL[b.kind]}`}
                style={{
                  position: 'absolute', top: 2, bottom: 2, left: `${b.left}%`, width: `max(${b.width}%, 3px)`, background: BAR_COLORS[b.kind],
                  borderRadius: 2, opacity: selected === null || selected === b.iteration ? 1 : 0.55,
                  outline: selected === b.iteration ? '2px solid #1c1d1f' : undefined,
                  backgroundImage: b.endInferred ? 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.35) 4px 8px)' : undefined,
                }}
              />
            </div>
            <span className="num" style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatScore(b.score)}
            </span>
          </div>
        ))}
        <span />
        <div style={{ position: 'relative', height: 18 }} aria-hidden="true">
          {model.ticks.map((t) => (
            <span key={t.at} className="muted" style={{ position: 'absolute', left: `${t.left}%`, transform: 'translateX(-50%)', fontSize: '0.75rem' }}>
              {t.at}
            </span>
          ))}
        </div>
        <span />
      </div>
      <figcaption className="muted" style={{ fontSize: '0.8rem' }}>
        Solution iterations across; one row per strategy, score on the right.{' '}
        <Legend as="span" className="legend-inline" items={(Object.keys(BAR_COLORS) as BarKind[]).map((k) => ({ key: k, label: KIND_LABEL[k], color: BAR_COLORS[k] }))} />
        striped: end not recorded (up to the next strategy, or the run&apos;s last iteration).
        {model.unplaced.length > 0 && ` Not placed (no start recorded): strategies ${model.unplaced.join(', ')}.`}
      </figcaption>
    </figure>
  );
}
