// DRAW the program dots on a canvas: one SVG element per program does not scale to 100k.
import { DotKind, type PreparedScoreChart } from './scoreChartModel';

export const DOT_COLOURS = { scored: '#4a6fa8', invalid: '#c22a2a', noValue: '#8a8d93', outlier: '#7b3fa0' };

export function drawScatter(canvas: HTMLCanvasElement, chart: PreparedScoreChart, dpr: number) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, chart.width, chart.height);
  const { x, y, kind } = chart.dots;
  const n = kind.length;
  const dense = n > 5000;
  const r = dense ? 1.4 : 2.6;

  // Scored programs: translucent dots so density shows.
  ctx.fillStyle = DOT_COLOURS.scored;
  ctx.globalAlpha = dense ? 0.35 : 0.55;
  if (dense) {
    for (let i = 0; i < n; i++) if (kind[i] === DotKind.Scored) ctx.fillRect(x[i] - r, y[i] - r, 2 * r, 2 * r);
  } else {
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      if (kind[i] !== DotKind.Scored) continue;
      ctx.moveTo(x[i] + r, y[i]);
      ctx.arc(x[i], y[i], r, 0, 2 * Math.PI);
    }
    ctx.fill();
  }

  // The band under the plot: invalid programs as red crosses, valid ones without a value as grey ticks.
  const s = dense ? 2.5 : 3.5;
  ctx.globalAlpha = dense ? 0.5 : 0.85;
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = DOT_COLOURS.invalid;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (kind[i] !== DotKind.Invalid) continue;
    ctx.moveTo(x[i] - s, y[i] - s);
    ctx.lineTo(x[i] + s, y[i] + s);
    ctx.moveTo(x[i] - s, y[i] + s);
    ctx.lineTo(x[i] + s, y[i] - s);
  }
  ctx.stroke();
  ctx.strokeStyle = DOT_COLOURS.noValue;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (kind[i] !== DotKind.NoValue) continue;
    ctx.moveTo(x[i], y[i] - s);
    ctx.lineTo(x[i], y[i] + s);
  }
  ctx.stroke();

  // Scores beyond the y-range: triangles at the edge pointing the way they lie.
  ctx.globalAlpha = 0.9;
  ctx.fillStyle = DOT_COLOURS.outlier;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (kind[i] !== DotKind.Below && kind[i] !== DotKind.Above) continue;
    const d = kind[i] === DotKind.Below ? 1 : -1;
    ctx.moveTo(x[i] - 4, y[i] - 3 * d);
    ctx.lineTo(x[i] + 4, y[i] - 3 * d);
    ctx.lineTo(x[i], y[i] + 3 * d);
    ctx.closePath();
  }
  ctx.fill();
  ctx.globalAlpha = 1;
}
