// A components program (GEPA: named prompts) as one headed section per component, each in its
// own viewer, instead of one text with header lines. Falls back to the plain viewer.
import { splitComponents } from '@/lib/trace/components';
import { CodeViewer } from './CodeViewer';

export function ComponentsCode({ code, language }: { code: string; language: string | null }) {
  const parts = splitComponents(code);
  if (!parts) return <CodeViewer code={code} language={language} />;
  return (
    <div data-testid="components-code">
      {parts.map((c) => (
        <section key={c.name} aria-label={`Component ${c.name}`} data-testid="component-section">
          <h3 className="mono" style={{ margin: '0.6rem 0 0.3rem', fontSize: '0.95rem' }}>
            {c.name}
          </h3>
          {/* Components are prompts or other text, whatever the run's language. */}
          <CodeViewer code={c.text} language={null} />
        </section>
      ))}
    </div>
  );
}
