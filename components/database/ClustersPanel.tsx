'use client';
// VISUALISE: one island's clusters at the chosen moment (clusterModel): score, size,
// scores_per_test, the cluster's sampling probability at that moment's temperature and each
// program's within-cluster probability; the seed's edge cases as flags; the temperature schedule
// with the moment marked; an export of exactly the rows shown.
import { useMemo } from 'react';
import Link from 'next/link';
import type { SearchStateResponse, SnapshotResponse } from '@/lib/contracts/api/searchStateSchemas';
import { clustersApply, clusterTable, clustersCsv } from './clusterModel';
import { TemperatureChart } from './TemperatureChart';
import { Table } from '../ui/Table';

const fmtP = (p: number | null) => (p === null ? '—' : p.toFixed(4));
const fmtT = (t: number) => Number(t.toPrecision(6)).toString();

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function ClustersPanel({ runId, snapshot, position, config, island, onIsland, missing }: {
  runId: string;
  snapshot: SnapshotResponse;
  /** One-based position of the snapshot among the run's, as the moment slider numbers it. */
  position: number;
  config: SearchStateResponse['config'];
  island: number | null;
  onIsland: (i: number) => void;
  missing: string | null;
}) {
  const isl = snapshot.islands.find((i) => i.island === island) ?? null;
  const table = useMemo(() => (isl ? clusterTable(isl, config, snapshot.programLengths, snapshot.programIds) : null), [isl, config, snapshot]);
  const t = table?.temperature;
  if (!clustersApply(config, snapshot, missing)) {
    return (
      <section aria-labelledby="clusters-h" data-testid="clusters-panel" data-applies="false" data-seq={snapshot.seq} data-island={island ?? ''}>
        <h2 id="clusters-h">Clusters</h2>
        <p className="muted" data-testid="clusters-not-applicable">
          Does not apply to this run{missing ? `: ${missing}` : ': its database does not cluster programs by scores_per_test'}.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="clusters-h" data-testid="clusters-panel" data-seq={snapshot.seq} data-island={island ?? ''}>
      <h2 id="clusters-h">Clusters of island {island ?? '—'} at snapshot {position}</h2>
      <label>
        Island{' '}
        <select value={island ?? ''} onChange={(e) => onIsland(Number(e.target.value))} data-testid="island-select">
          {snapshot.islands.map((i) => (
            <option key={i.island} value={i.island}>
              island {i.island} ({i.size ?? '?'} programs)
            </option>
          ))}
        </select>
      </label>
      {table && t && (
        <p data-testid="cluster-temperature" data-temperature={t.temperature ?? ''} data-source={t.source ?? ''}>
          {t.temperature === null
            ? `No sampling temperature: ${t.why}.`
            : `Temperature T = ${fmtT(t.temperature)} (${t.source === 'stated' ? 'as the snapshot states it' : `from the cyclic schedule at ${t.n} programs stored since the island's last reset`}).`}{' '}
          Cluster probability = softmax(cluster score / T); program probability within a cluster = softmax(−normalised length).
        </p>
      )}
      {table && (
        <ul className="flags" data-testid="cluster-flags">
          {!table.recorded && <li data-flag="not-recorded">Clusters not recorded for this island{missing ? `: ${missing}` : '.'}</li>}
          {table.promptSkipped && <li data-flag="prompt-skipped">No clusters: a prompt from this island would be skipped.</li>}
          {table.fewerClustersThanNeeded && (
            <li data-flag="fewer-clusters">
              Fewer drawable clusters than functions_per_prompt ({table.functionsPerPrompt ?? '2, FunSearch default'}): a prompt uses all available.
            </li>
          )}
          {table.fallback && <li data-flag="uniform-fallback">{table.fallback}</li>}
        </ul>
      )}
      {table && table.clusters.length > 0 && (
        <>
          <div className="actions">
            <button type="button" data-testid="export-clusters-csv" onClick={() => download(`clusters-s${position}-i${island}.csv`, 'text/csv', clustersCsv(table, island!, snapshot.seq))}>
              Export CSV
            </button>{' '}
            <button type="button" onClick={() => download(`clusters-s${position}-i${island}.json`, 'application/json', JSON.stringify({ seq: snapshot.seq, island, ...table }, null, 2))}>
              Export JSON
            </button>
          </div>
          <Table
            wrap={false}
            tableProps={{ 'data-testid': 'clusters-table' }}
            caption="Clusters with their sampling probabilities"
            captionProps={{ className: 'sr-only' }}
            rows={table.clusters}
            rowKey={(c) => c.index}
            keyboard
            rowProps={(c) => ({ 'data-testid': 'cluster-row', 'data-score': c.score, 'data-probability': c.probability ?? '' })}
            columns={[
              { key: 'index', header: '#', cell: (c) => c.index },
              {
                key: 'score',
                header: 'score',
                numeric: true,
                td: () => ({ 'data-testid': 'cluster-score' }),
                cell: (c) => (
                  <>
                    {c.score}
                    {c.scoreSource === 'reduced' ? ' (last test)' : ''}
                  </>
                ),
              },
              { key: 'size', header: 'size', numeric: true, cell: (c) => c.size },
              { key: 'p', header: 'P(cluster)', numeric: true, td: () => ({ 'data-testid': 'cluster-probability' }), cell: (c) => fmtP(c.probability) },
              { key: 'scores', header: 'scores_per_test', className: 'wrap', cell: (c) => <code>{JSON.stringify(c.scoresPerTest)}</code> },
              {
                key: 'programs',
                header: 'programs (length, P within cluster)',
                className: 'wrap',
                cell: (c) => (
                  <>
                    {c.programs.map((p, k) => (
                      <span key={p.externalId}>
                        {k > 0 && ', '}
                        {p.programId ? (
                          <Link href={`/runs/${runId}/programs/${p.programId}`} prefetch={false}>
                            {p.externalId}
                          </Link>
                        ) : (
                          p.externalId
                        )}{' '}
                        ({p.length ?? '?'} chars, {fmtP(p.probability)})
                      </span>
                    ))}
                    {c.programsNote && <em> {c.programsNote}</em>}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {config?.cluster_sampling_temperature_init !== undefined && (
        <TemperatureChart init={config.cluster_sampling_temperature_init} period={config.cluster_sampling_temperature_period ?? null} n={t?.n ?? null} />
      )}
    </section>
  );
}
