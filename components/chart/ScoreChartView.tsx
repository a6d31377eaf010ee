'use client';
// VISUALISE: renders a prepared score chart. Dots on a canvas, axes and the best-so-far curve
// in SVG on top. Decides nothing; hover and click are reported as dot indices, a brushed
// rectangle as data ranges (a flat drag zooms the iterations only), a double-click as a reset.
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { drawScatter } from './drawScatter';
import type { PlateauBand } from './plateauModel';
import { nearestDot, type PreparedScoreChart } from './scoreChartModel';

export function ScoreChartView({
  chart,
  metric,
  describe,
  onOpen,
  bands = [],
  activeBand = null,
  describeBand,
  onBand,
  onZoom,
  onReset,
}: {
  chart: PreparedScoreChart;
  metric: string;
  describe: (index: number) => string;
  onOpen: (index: number) => void;
  /** Plateaus as shaded bands (plateauModel.ts); hovering one reports its index. */
  bands?: PlateauBand[];
  activeBand?: number | null;
  describeBand?: (index: number) => string;
  onBand?: (index: number | null) => void;
  /** A brushed range in data coordinates; y is null for a flat (iterations only) brush. */
  onZoom?: (x: [number, number], y: [number, number] | null) => void;
  onReset?: () => void;
}) {
  const clipId = useId();
  const [brush, setBrush] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const dragged = useRef(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  useEffect(() => {
    if (!canvasRef.current) return;
    drawScatter(canvasRef.current, chart, dpr);
    setDrawn(true);
  }, [chart, dpr]);

  const at = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return nearestDot(chart, e.clientX - box.left, e.clientY - box.top);
  };
  const { plot, band } = chart;
  const local = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const cl = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
    return { px: cl(e.clientX - box.left, plot.left, plot.right), py: cl(e.clientY - box.top, plot.top, plot.bottom) };
  };
  const endBrush = () => {
    if (!brush) return;
    setBrush(null);
    const w = Math.abs(brush.x1 - brush.x0);
    const h = Math.abs(brush.y1 - brush.y0);
    if (w < 6 || !onZoom) return;
    dragged.current = true;
    const [a, c] = chart.invert(Math.min(brush.x0, brush.x1), Math.max(brush.y0, brush.y1));
    const [b, d] = chart.invert(Math.max(brush.x0, brush.x1), Math.min(brush.y0, brush.y1));
    onZoom([a, b], h < 6 ? null : [c, d]);
  };
  // A band is hovered where no dot is: dots keep priority (they open programs).
  const bandAt = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - box.left;
    const py = e.clientY - box.top;
    if (py < plot.top || py > plot.bottom) return null;
    return bands.find((b) => px >= b.x0 && px <= b.x1)?.index ?? null;
  };
  // Shown beside a dot's tooltip too: the band may be active from the list (keyboard focus).
  const shownBand = bands.find((b) => b.index === activeBand);

  return (
    <div
      className={`chart-stage${hover !== null ? ' clickable' : ''}`}
      style={{ height: chart.height }}
      data-drawn={drawn ? 'true' : 'false'}
      data-zoomed={chart.zoomed ? 'true' : 'false'}
      onMouseDown={(e) => {
        if (e.button !== 0 || !onZoom) return;
        const box = e.currentTarget.getBoundingClientRect();
        const px = e.clientX - box.left;
        const py = e.clientY - box.top;
        if (px < plot.left || px > plot.right || py < plot.top || py > plot.bottom) return;
        e.preventDefault();
        dragged.current = false;
        setBrush({ x0: px, y0: py, x1: px, y1: py });
      }}
      onMouseUp={endBrush}
      onDoubleClick={() => onReset?.()}
      onMouseMove={(e) => {
        if (brush) {
          const { px, py } = local(e);
          setBrush({ ...brush, x1: px, y1: py });
          return;
        }
        const i = at(e);
        setHover(i);
        if (onBand && bands.length) onBand(i === null ? bandAt(e) : null);
      }}
      onMouseLeave={() => {
        endBrush();
        setHover(null);
        onBand?.(null);
      }}
      onClick={(e) => {
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        const i = at(e);
        if (i !== null) onOpen(i);
      }}
    >
      <canvas
        ref={canvasRef}
        width={Math.round(chart.width * dpr)}
        height={Math.round(chart.height * dpr)}
        style={{ width: chart.width, height: chart.height }}
        aria-label={`Scatter of every program's ${metric} over iterations`}
        role="img"
      />
      <svg width={chart.width} height={chart.height} aria-hidden="true">
        <defs>
          <clipPath id={clipId}>
            <rect x={plot.left - 4} y={plot.top - 4} width={plot.right - plot.left + 8} height={plot.bottom - plot.top + 8} />
          </clipPath>
        </defs>
        <g className="grid">
          {chart.yTicks.map((t) => (
            <line key={t.label} x1={plot.left} x2={plot.right} y1={t.pos} y2={t.pos} stroke="#ececec" />
          ))}
        </g>
        <g clipPath={`url(#${clipId})`}>
          {bands.map((b) => (
            <rect
              key={b.index}
              data-testid="plateau-band"
              data-active={b.index === activeBand ? 'true' : undefined}
              x={b.x0}
              y={plot.top}
              width={b.x1 - b.x0}
              height={plot.bottom - plot.top}
              fill="#7a8fb8"
              opacity={b.index === activeBand ? 0.28 : 0.13}
            />
          ))}
        </g>
        <rect x={plot.left} y={band.top} width={plot.right - plot.left} height={band.bottom - band.top} fill="#fbeeee" opacity={0.6} />
        <text x={plot.left - 8} y={band.mid + 4} textAnchor="end" fontSize={11} fill="#c22a2a">
          invalid
        </text>
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="#9a9da3" />
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#9a9da3" />
        {chart.yTicks.map((t) => (
          <text key={t.label} data-testid="y-tick" x={plot.left - 8} y={t.pos + 4} textAnchor="end" fontSize={11} fill="#62666d">
            {t.label}
          </text>
        ))}
        {chart.xTicks.map((t) => (
          <g key={t.label}>
            <line x1={t.pos} x2={t.pos} y1={band.bottom} y2={band.bottom + 4} stroke="#9a9da3" />
            <text data-testid="x-tick" x={t.pos} y={band.bottom + 16} textAnchor="middle" fontSize={11} fill="#62666d">
              {t.label}
            </text>
          </g>
        ))}
        <text x={(plot.left + plot.right) / 2} y={chart.height - 6} textAnchor="middle" fontSize={12} fill="#62666d">
          iteration
        </text>
        <text transform={`translate(14 ${(plot.top + plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="#62666d">
          {metric}
        </text>
        <g clipPath={`url(#${clipId})`}>
          <path data-testid="best-so-far-path" d={chart.bestPath} fill="none" stroke="#e07b00" strokeWidth={2} />
          {chart.bestMarkers.length <= 2000 &&
            chart.bestMarkers.map((m) => <circle key={m.programId} data-testid="best-marker" cx={m.x} cy={m.y} r={3} fill="#e07b00" />)}
        </g>
        {brush && (
          <rect
            data-testid="zoom-brush"
            x={Math.min(brush.x0, brush.x1)}
            y={Math.abs(brush.y1 - brush.y0) < 6 ? plot.top : Math.min(brush.y0, brush.y1)}
            width={Math.abs(brush.x1 - brush.x0)}
            height={Math.abs(brush.y1 - brush.y0) < 6 ? plot.bottom - plot.top : Math.abs(brush.y1 - brush.y0)}
            fill="#4a6fa8"
            fillOpacity={0.12}
            stroke="#4a6fa8"
          />
        )}
        {hover !== null && (
          <circle cx={chart.dots.x[hover]} cy={chart.dots.y[hover]} r={6} fill="none" stroke="#1f2328" strokeWidth={1.5} />
        )}
      </svg>
      {hover !== null && (
        <div className="tooltip" style={{ left: chart.dots.x[hover], top: chart.dots.y[hover] }}>
          {describe(hover)} · click to open
        </div>
      )}
      {shownBand && describeBand && (
        <div className="tooltip" data-testid="plateau-tooltip" style={{ left: (shownBand.x0 + shownBand.x1) / 2, top: plot.top + 28 }}>
          plateau: {describeBand(shownBand.index)}
        </div>
      )}
    </div>
  );
}
