// Evaluator output for a program: status, timing, stdout/logs, errors, feedback.
import type { ProgramDetail } from '@/lib/contracts/api/programs';

/** Structured evaluator data (artifacts, public/private metrics) as collapsible JSON. */
export function JsonDetails({ title, value }: { title: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  return (
    <details className="collapsible">
      <summary>{title}</summary>
      <div>
        <pre>{JSON.stringify(value, null, 2)}</pre>
      </div>
    </details>
  );
}

export function EvaluationPanel({ evaluations, invalidReason, evaluated = true }: { evaluations: ProgramDetail['evaluations']; invalidReason: string | null; evaluated?: boolean }) {
  return (
    <>
      {invalidReason && (
        <p className={evaluated ? 'error' : 'muted'}>
          <strong>{evaluated ? 'Invalid:' : 'Not evaluated:'}</strong> {invalidReason}
        </p>
      )}
      {evaluations.length === 0 && <p className="muted">No evaluator output recorded.</p>}
      {evaluations.map((e) => (
        <div key={e.id} className="panel" style={{ marginBottom: '0.6rem' }}>
          <div className="row">
            <span className={`tag ${e.status === 'ok' ? 'ok' : 'bad'}`}>{e.status}</span>
            {e.timingMs !== null && <span className="muted">{(e.timingMs / 1000).toFixed(2)} s</span>}
          </div>
          {e.errors && (
            <>
              <h3 className="bad">Errors</h3>
              <pre>{e.errors}</pre>
            </>
          )}
          {e.output && (
            <>
              <h3>Output</h3>
              <pre>{e.output}</pre>
            </>
          )}
          {e.feedback && (
            <>
              <h3>Feedback</h3>
              <pre>{e.feedback}</pre>
            </>
          )}
          {!e.errors && !e.output && !e.feedback && <p className="muted">No output text.</p>}
          <JsonDetails title="Artifacts" value={e.artifacts} />
          <JsonDetails title="Public metrics" value={e.publicMetrics} />
          <JsonDetails title="Private metrics" value={e.privateMetrics} />
        </div>
      ))}
    </>
  );
}
