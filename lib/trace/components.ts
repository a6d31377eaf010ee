// A candidate made of named text components (GEPA: prompts by name) as the one text that code
// views, diffs and analyses read: each component under a header line, in a stable order (the
// source's order when it has one, else by name). splitComponents() reads it back.
const HEADER = /^### component: (.+) ###$/;

export function componentsText(components: Record<string, string>, order?: readonly string[]): string {
  const names = Object.keys(components);
  const known = order ? order.filter((n) => n in components) : [];
  const rest = names.filter((n) => !known.includes(n)).sort();
  return [...known, ...rest]
    .map((n) => `### component: ${n} ###\n${components[n].replace(/\n$/, '')}\n`)
    .join('\n');
}

/** The components of a text made by componentsText(), in order; null when it is not one. */
export function splitComponents(code: string): { name: string; text: string }[] | null {
  const lines = code.split('\n');
  if (!HEADER.test(lines[0] ?? '')) return null;
  const out: { name: string; text: string[] }[] = [];
  for (const line of lines) {
    const m = HEADER.exec(line);
    if (m) out.push({ name: m[1], text: [] });
    else out[out.length - 1].text.push(line);
  }
  return out.map((c) => ({ name: c.name, text: c.text.join('\n').replace(/\n+$/, '') }));
}
