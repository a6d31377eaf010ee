// The prompt(s) and response that produced a program, each part collapsible (they can be long).
import type { ProgramContext } from '@/lib/contracts/api/programs';
import { formatCount } from '../ui/format';

function Part({ title, text, open }: { title: string; text: string | null; open?: boolean }) {
  if (text === null) return null;
  return (
    <details className="collapsible" open={open}>
      <summary>
        {title} <span className="muted">({formatCount(text.length)} chars)</span>
      </summary>
      <div>
        <pre>{text}</pre>
      </div>
    </details>
  );
}

export function ContextPanel({ contexts }: { contexts: ProgramContext[] }) {
  if (!contexts.length) return <p className="muted">No prompt or response recorded for this program.</p>;
  return (
    <>
      {contexts.map((c, i) => (
        <section key={c.id} aria-label={`Prompt ${i + 1}`} style={{ marginBottom: '0.8rem' }}>
          <div className="row muted" style={{ fontSize: '0.85rem' }}>
            {contexts.length > 1 && <strong>#{i + 1}</strong>}
            {c.kind && <span className="tag">{c.kind}</span>}
            {c.model && <span>model {c.model}</span>}
            {c.promptTokens !== null && <span>{formatCount(c.promptTokens)} prompt tokens</span>}
            {c.completionTokens !== null && <span>{formatCount(c.completionTokens)} completion tokens</span>}
            {c.cost !== null && <span>${c.cost.toFixed(4)}</span>}
          </div>
          <Part title="System prompt" text={c.system} />
          <Part title="User prompt" text={c.user} />
          <Part title="Response" text={c.response} open />
        </section>
      ))}
    </>
  );
}
