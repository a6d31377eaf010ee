// What a diagnosis carries besides its text: the change log the agent was given (the seed's
// Problem 4), its bounds and what stopped it, the agent candidate against the plateau's best, the
// trivial metric test of its aux metrics, and what the source or the agent did not give.
import type { DiagnosisReport, DiagnosisView } from '@/lib/trace/diagnosis';
import { formatCount, formatScore } from '../ui/format';

const STOPPED: Record<string, string> = {
  'tool-calls': 'the tool-call bound', tokens: 'the token bound', time: 'the time limit', 'no-report': 'no report (the agent gave none)',
};

export function ChangeLog({ runId, entries }: { runId: string; entries: DiagnosisReport['changeLog'] }) {
  if (!entries.length) return <p className="muted" data-testid="change-log-empty">No change log: nothing was tried since the previous trigger, or the source did not record it.</p>;
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Change log" data-testid="change-log">
        <thead>
          <tr>
            <th scope="col">program</th><th scope="col" className="num">generation</th><th scope="col">edit types</th>
            <th scope="col" className="num">Δ score</th><th scope="col">cycling</th><th scope="col">summary</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.programId}-${i}`}>
              <th scope="row"><a href={`/runs/${runId}/programs/${e.programId}`} className="mono">{e.externalId}</a></th>
              <td className="num">{e.generation ?? '—'}</td>
              <td>{e.editTypes.length ? e.editTypes.join(', ') : '—'}</td>
              <td className="num">{e.delta === null ? '—' : `${e.delta > 0 ? '+' : ''}${formatScore(e.delta)}`}</td>
              <td>{e.cycling ? <strong>re-adds deleted lines</strong> : 'no'}</td>
              <td className="wrap">{e.summary ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Bounds({ bounds, measured }: { bounds: DiagnosisReport['bounds']; measured: { toolCalls: number; tokens: number } | null }) {
  if (!bounds) {
    return (
      <p data-testid="bounds" className="muted">
        No bounds recorded (imported report){measured && measured.toolCalls > 0 ? `; the transcript holds ${measured.toolCalls} tool calls and ${formatCount(measured.tokens)} tokens` : ''}.
      </p>
    );
  }
  return (
    <p data-testid="bounds">
      Tool calls <strong>{bounds.toolCalls}/{bounds.maxToolCalls}</strong> · tokens <strong>{formatCount(bounds.tokens)}/{formatCount(bounds.maxTokens)}</strong> ·{' '}
      {bounds.stoppedBy ? <span className="error">stopped by {STOPPED[bounds.stoppedBy] ?? bounds.stoppedBy}</span> : 'the agent finished by itself'}
    </p>
  );
}

export function AgentCandidate({ d, source }: { d: DiagnosisView; source: string | null }) {
  const c = d.report.agentCandidate;
  if (!c && source === null && !d.agentCandidateProgramId) return <p className="muted">No agent candidate.</p>;
  return (
    <div data-testid="agent-candidate">
      {c ? (
        <p>
          {c.status} · score <strong>{formatScore(c.score)}</strong> against the plateau&apos;s best {formatScore(c.bestScore)} · gain{' '}
          <strong className={c.gain !== null && c.gain > 0 ? undefined : 'muted'} data-testid="candidate-gain">
            {c.gain === null ? '—' : `${c.gain > 0 ? '+' : ''}${formatScore(c.gain)}`}
          </strong>
          {c.gain !== null && (c.gain > 0 ? ' (better than the plateau’s best)' : ' (not better)')}
        </p>
      ) : (
        <p className="muted">Written, not evaluated.</p>
      )}
      {(c?.programId ?? d.agentCandidateProgramId) && (
        <p><a href={`/runs/${d.runId}/programs/${c?.programId ?? d.agentCandidateProgramId}`}>Open the candidate as a program of the run</a></p>
      )}
      {source !== null && <pre aria-label="Agent candidate source">{source}</pre>}
    </div>
  );
}

export function TrivialMetrics({ metrics, names }: { metrics: DiagnosisReport['trivialMetrics']; names: string[] }) {
  if (!metrics.length) {
    return <p className="muted">{names.length ? `Metrics ${names.join(', ')}: the trivial metric test runs once they have been computed over the run's programs.` : 'No auxiliary metrics.'}</p>;
  }
  return (
    <table className="data" aria-label="Trivial metric test" data-testid="trivial-metrics">
      <thead>
        <tr><th scope="col">metric</th><th scope="col" className="num">ρ with the score</th><th scope="col" className="num">disagreements</th><th scope="col" className="num">programs</th><th scope="col">verdict</th></tr>
      </thead>
      <tbody>
        {metrics.map((m) => (
          <tr key={m.name} data-trivial={m.trivial}>
            <th scope="row" className="mono">{m.name}</th>
            <td className="num">{m.rho === null ? '—' : m.rho.toFixed(2)}</td>
            <td className="num">{m.disagreements}</td>
            <td className="num">{m.n}</td>
            <td className="wrap">{m.trivial ? <strong className="error">trivial: adds no information</strong> : 'informative'} — {m.why}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
