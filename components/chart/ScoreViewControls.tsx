'use client';
// The score chart's view switches: reset zoom, show every score (outliers set the range), log
// scale (offered only when every score is positive), and the note saying how many scores lie
// beyond the range and where they are drawn. Decides nothing: the model says what applies.
import type { PreparedScoreChart } from './scoreChartModel';
import type { ScoreView } from './scoreDomain';

const plural = (n: number) => `${n.toLocaleString('en-US')} score${n === 1 ? '' : 's'}`;

export function ScoreViewControls({ chart, view, onView }: { chart: PreparedScoreChart; view: ScoreView; onView: (v: ScoreView) => void }) {
  const { below, above } = chart.outliers;
  const parts = [below > 0 && `${plural(below)} below (▼ at the bottom edge)`, above > 0 && `${plural(above)} above (▲ at the top edge)`].filter(Boolean);
  return (
    <div className="chart-toolbar chart-view" data-testid="score-view">
      <button type="button" data-testid="reset-zoom" disabled={!chart.zoomed} onClick={() => onView({ ...view, x: null, y: null })}>
        Reset zoom
      </button>
      <label>
        <input type="checkbox" data-testid="show-all-scores" checked={view.showAll} onChange={(e) => onView({ ...view, showAll: e.target.checked })} /> Show all
        scores
      </label>
      <label title={chart.logAllowed ? undefined : 'A log scale needs every score to be positive'}>
        <input type="checkbox" data-testid="log-scale" checked={chart.log} disabled={!chart.logAllowed} onChange={(e) => onView({ ...view, log: e.target.checked })} /> Log
        scale
      </label>
      <span className="muted" data-testid="outlier-note" data-below={below} data-above={above}>
        {parts.length ? `${parts.join(', ')}: outside the range the other scores span, not setting it.` : chart.zoomed ? 'Zoomed: double-click or Reset zoom to see the whole run.' : 'Drag across the plot to zoom.'}
      </span>
    </div>
  );
}
