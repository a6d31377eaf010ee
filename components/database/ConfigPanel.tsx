// VISUALISE: the programs database's configuration as the source states it, and, said plainly,
// what the source lacks (search_missing) - nothing here is a default filled in by Evoscope.
import type { SearchStateResponse } from '@/lib/contracts/api/searchStateSchemas';

const SEED_SETTINGS = [
  'num_islands',
  'reset_programs',
  'reset_period',
  'cluster_sampling_temperature_init',
  'cluster_sampling_temperature_period',
  'functions_per_prompt',
  'no_deduplication',
  'migration_interval',
  'migration_rate',
  'feature_dimensions',
  'feature_bins',
] as const;

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function ConfigPanel({ config, missing }: { config: SearchStateResponse['config']; missing: SearchStateResponse['missing'] }) {
  const stated = SEED_SETTINGS.filter((k) => config?.[k] !== undefined);
  const unstated = SEED_SETTINGS.filter((k) => config?.[k] === undefined);
  const other = Object.entries(config?.other ?? {});
  const lacks = Object.entries(missing);
  return (
    <section aria-labelledby="config-h" data-testid="database-config">
      <h2 id="config-h">Configuration</h2>
      {config === null ? (
        <p>The source records no database configuration{missing.config ? `: ${missing.config}` : '.'}</p>
      ) : (
        <table className="data" style={{ width: 'auto' }}>
          <caption className="sr-only">Database settings the source states</caption>
          <tbody>
            {stated.map((k) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td className="num">{show(config[k])}</td>
              </tr>
            ))}
            {other.map(([k, v]) => (
              <tr key={`o-${k}`}>
                <th scope="row">{k}</th>
                <td className="wrap">{show(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {config !== null && unstated.length > 0 && <p className="muted">Not stated by the source: {unstated.join(', ')}.</p>}
      {lacks.length > 0 && (
        <div data-testid="database-missing">
          <h3>What the source lacks</h3>
          <ul>
            {lacks.map(([part, why]) => (
              <li key={part}>
                <strong>{part}</strong>: {why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
