// The tool-call transcript of a diagnosis: each call anchored id="call-N" (the report's numbers
// link here): the tool, its arguments, the result the agent read, the sandbox status and wall
// time; the LLM exchanges between them with their tokens (request and reply on demand).
import { formatCount } from '../ui/format';
import { callAnchor } from './claimLinks';
import { ExchangeText } from './ExchangeText';
import type { TranscriptEntry } from './transcriptModel';

export function Transcript({ runId, diagnosisId, entries }: { runId: string; diagnosisId: string; entries: TranscriptEntry[] }) {
  if (!entries.length) return <p className="muted" data-testid="transcript-empty">No tool calls stored: the source gave the report without its transcript.</p>;
  return (
    <ol className="transcript" data-testid="transcript">
      {entries.map((e) =>
        e.kind === 'tool' ? (
          <li key={e.idx} id={callAnchor(e.idx)} data-testid="tool-call" data-idx={e.idx} className="transcript-call" tabIndex={-1}>
            <h3>
              Call {e.idx}: <span className="mono">{e.tool}</span>{' '}
              <span className={e.status === 'ok' ? 'muted' : 'error'}>
                {e.status}
                {e.sandboxStatus && ` · sandbox ${e.sandboxStatus}`}
                {e.wallMs !== null && ` · ${Math.round(e.wallMs)} ms`}
              </span>
            </h3>
            <div className="muted">arguments</div>
            <pre className="code-block">{e.args}</pre>
            <div className="muted">result</div>
            <pre className="code-block" data-testid="tool-result">{e.result ?? '(no output)'}</pre>
            {e.errors && (
              <>
                <div className="muted">errors</div>
                <pre className="code-block">{e.errors}</pre>
              </>
            )}
          </li>
        ) : (
          <li key={e.idx} id={callAnchor(e.idx)} data-testid="llm-exchange" className="transcript-llm">
            <div>
              Exchange {e.idx}{e.model && <> · <span className="mono">{e.model}</span></>} · {formatCount(e.promptTokens)} prompt +{' '}
              {formatCount(e.completionTokens)} completion tokens{e.status !== 'ok' && <span className="error"> · {e.status}</span>}
            </div>
            {e.requestSha && <ExchangeText runId={runId} diagnosisId={diagnosisId} sha={e.requestSha} label="request" />}
            {e.responseSha && <ExchangeText runId={runId} diagnosisId={diagnosisId} sha={e.responseSha} label="reply" />}
          </li>
        ),
      )}
    </ol>
  );
}
