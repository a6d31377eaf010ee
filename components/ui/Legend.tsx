// The one swatch legend of a chart: a swatch (the mark's shape in its colour) and a label per
// item, an optional count after it. An item without a swatch is a note in the legend's row (in
// its colour, when it has one).
import type { ReactNode } from 'react';

export type SwatchShape = 'square' | 'dot' | 'ring' | 'line' | 'step' | 'slope' | 'cross' | 'tick' | 'ramp' | 'none';

export interface LegendItem {
  /** React key; defaults to the label when it is text. */
  key?: string;
  label: ReactNode;
  color?: string;
  /** Default: a filled square. */
  shape?: SwatchShape;
  /** A line's dash pattern (stroke-dasharray). */
  dash?: string;
  /** A filled mark's opacity. */
  opacity?: number;
  /** A ramp's colours, left to right. */
  stops?: readonly string[];
  /** Written after the label as " (1,234)". */
  count?: number | null;
  testId?: string;
  title?: string;
}

/** The swatch of one item: 10 px marks, 22 px lines. */
export function Swatch({ shape = 'square', color = 'currentColor', dash, opacity, stops }: Pick<LegendItem, 'shape' | 'color' | 'dash' | 'opacity' | 'stops'>) {
  if (shape === 'none') return null;
  if (shape === 'ramp') {
    const background = `linear-gradient(to right, ${(stops ?? []).join(', ')})`;
    return <span className="swatch" aria-hidden="true" style={{ display: 'inline-block', width: 90, height: 10, borderRadius: 2, background }} />;
  }
  const wide = shape === 'line' || shape === 'step' || shape === 'slope';
  const mark = {
    square: <rect width="10" height="10" fill={color} fillOpacity={opacity} />,
    dot: <circle cx="5" cy="5" r="4" fill={color} fillOpacity={opacity} />,
    ring: <circle cx="5" cy="5" r="4" fill="none" stroke={color} strokeWidth="2" />,
    line: <path d="M1 5 H21" stroke={color} strokeWidth="2" strokeDasharray={dash} fill="none" />,
    step: <path d="M1 8 H9 V2 H21" stroke={color} strokeWidth="2" strokeDasharray={dash} fill="none" />,
    slope: <path d="M1 8 L21 2" stroke={color} strokeWidth="2" strokeDasharray={dash} fill="none" />,
    cross: <path d="M2 2 L8 8 M2 8 L8 2" stroke={color} strokeWidth="1.5" />,
    tick: <path d="M5 1 V9" stroke={color} strokeWidth="1.5" />,
  }[shape];
  return (
    <svg className="swatch" width={wide ? 22 : 10} height="10" aria-hidden="true">
      {mark}
    </svg>
  );
}

export function Legend({
  items,
  as: Tag = 'div',
  className = 'legend',
  itemClassName,
  testId,
  children,
}: {
  items: readonly (LegendItem | null | false | undefined)[];
  /** A figure's legend is its <figcaption>; a legend inside a sentence is a <span> (className "legend-inline"). */
  as?: 'div' | 'figcaption' | 'span';
  className?: string;
  itemClassName?: string;
  testId?: string;
  /** More of the legend's row after the items. */
  children?: ReactNode;
}) {
  return (
    <Tag className={className} data-testid={testId}>
      {items.map((it, i) => {
        if (!it) return null;
        const noSwatch = it.shape === 'none';
        return (
          <span
            key={it.key ?? (typeof it.label === 'string' ? it.label : i)}
            className={itemClassName}
            data-testid={it.testId}
            title={it.title}
            style={noSwatch && it.color ? { color: it.color } : undefined}
          >
            <Swatch shape={it.shape} color={it.color} dash={it.dash} opacity={it.opacity} stops={it.stops} />
            {it.label}
            {it.count != null && ` (${it.count.toLocaleString('en-US')})`}
          </span>
        );
      })}
      {children}
    </Tag>
  );
}
