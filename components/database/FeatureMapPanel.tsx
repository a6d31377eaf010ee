'use client';
// VISUALISE: OpenEvolve's MAP-Elites grid of the chosen island as a heatmap (featureMapModel),
// drawn only when the snapshot has a feature map for that island.
import type { SnapshotResponse } from '@/lib/api/searchStateSchemas';
import { featureGrid } from './featureMapModel';

export function FeatureMapPanel({ snapshot, island }: { snapshot: SnapshotResponse; island: number | null }) {
  const isl = snapshot.islands.find((i) => i.island === island);
  if (!isl?.featureMap || !Object.keys(isl.featureMap).length) return null;
  const g = featureGrid(isl.featureMap);
  const C = 18;
  return (
    <section aria-labelledby="fmap-h" data-testid="feature-map" data-cells={g.cells.length}>
      <h2 id="fmap-h">MAP-Elites grid of island {island}</h2>
      {g.twoD ? (
        <svg width={g.cols * C + 40} height={g.rows * C + 30} role="img" aria-label={`${g.cells.length} occupied cells of a ${g.cols} by ${g.rows} grid`}>
          {g.cells.map((c) => (
            <rect key={c.key} x={30 + c.col * C} y={4 + (g.rows - 1 - c.row) * C} width={C - 1} height={C - 1} fill="#2da44e">
              <title>{`cell ${c.key}: ${c.program}`}</title>
            </rect>
          ))}
        </svg>
      ) : (
        <p>Cells are not two-dimensional; listed instead.</p>
      )}
      <details>
        <summary>Cells ({g.cells.length})</summary>
        <ul>
          {g.cells.map((c) => (
            <li key={c.key}>
              {c.key}: {c.program}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
