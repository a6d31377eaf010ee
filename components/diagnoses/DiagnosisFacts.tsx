// What a diagnosis carries besides its text: the change log the agent was given (the seed's
// Problem 4), its bounds and what stopped it, the agent candidate against the plateau's best, the
// trivial metric test of its aux metrics, and what the source or the agent did not give.
import type { DiagnosisReport, DiagnosisView } from '@/lib/trace/diagnosis';
import { formatCount, formatScore } from '../ui/format';

// The tables are client components (components/ui/Table.tsx).
export { ChangeLog, TrivialMetrics } from './DiagnosisTables';

const STOPPED: Record<string, string> = {
  'tool-calls': 'the tool-call bound', tokens: 'the token bound', time: 'the time limit', 'no-report': 'no report (the agent gave none)',
};

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

