// Names the definition a chart or table shows (every analysis view says what it measures).
export function DefinitionNote({ children }: { children: React.ReactNode }) {
  return <p className="analysis-definition">Definition: {children}</p>;
}
