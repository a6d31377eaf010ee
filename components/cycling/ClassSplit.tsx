'use client';
// VISUALISE: literal / tuning / trivial re-additions as one stacked bar with a legend.
import { useMemo } from 'react';
import type { CycleClass } from '@/lib/contracts/analysisTypes';
import { CLASS_COLOURS, CLASS_DEFINITION } from '../analysis/colours';
import { DefinitionNote } from '../analysis/DefinitionNote';
import { useElementWidth } from '../chart/useElementWidth';
import { formatCount, formatShare } from '../ui/format';
import { classSplitNote, prepareClassSplit } from './classSplitModel';
import { Legend } from '../ui/Legend';

export function ClassSplit({
  counts,
  definitionText,
  cycleEvents,
  recycledAdded,
}: {
  counts: Record<CycleClass, number>;
  definitionText: string;
  cycleEvents: number;
  recycledAdded: number;
}) {
  const note = classSplitNote(counts, cycleEvents, recycledAdded);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const split = useMemo(() => (width > 0 ? prepareClassSplit(counts, width) : null), [counts, width]);
  return (
    <figure className="chart analysis-figure" data-testid="class-split">
      <div ref={ref} style={{ minHeight: 36 }}>
        {split && (
          <svg width={width} height={28} role="img" aria-label={`Re-additions by class: ${split.segments.map((s) => `${s.klass} ${s.count}`).join(', ')}`}>
            {split.total === 0 && <rect x={0} y={2} width={width} height={24} fill="#f0f0f0" />}
            {split.segments.map((s) => (
              <rect key={s.klass} x={s.x} y={2} width={s.width} height={24} fill={CLASS_COLOURS[s.klass]}>
                <title>{`${s.klass}: ${s.count} (${formatShare(s.share)})`}</title>
              </rect>
            ))}
          </svg>
        )}
      </div>
      <figcaption>
        <Legend items={(split?.segments ?? []).map((s) => ({ key: s.klass, label: `${s.klass} ${formatCount(s.count)} (${formatShare(s.share)})`, color: CLASS_COLOURS[s.klass] }))} />
        <p className="muted" data-testid="class-split-total" data-total={note.total}>
          {note.text}
        </p>
        <DefinitionNote>
          {CLASS_DEFINITION} {definitionText}
        </DefinitionNote>
      </figcaption>
    </figure>
  );
}
