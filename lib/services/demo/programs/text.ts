// Line-level helpers shared by the demo templates and the edit operators.

/** Splits a template literal into lines, dropping the leading newline. */
export function codeLines(text: string): string[] {
  return text.replace(/^\n/, '').replace(/\n$/, '').split('\n');
}

/** A line with every number collapsed to `#`: equal skeletons differ only in constants. */
export function skeleton(line: string): string {
  return line.replace(/(?<![\w.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g, '#');
}

export function hasSkeleton(lines: readonly string[], line: string): boolean {
  const s = skeleton(line);
  return lines.some((l) => skeleton(l) === s);
}

/** Replaces the first line matching `re`; null when there is none. */
export function replaceFirstLine(lines: readonly string[], re: RegExp, next: string): string[] | null {
  const i = lines.findIndex((l) => re.test(l));
  if (i < 0) return null;
  const out = lines.slice();
  out[i] = next;
  return out;
}

export function indentOf(line: string): string {
  return /^\s*/.exec(line)![0];
}

/** Lines [start, end) of a top-level Python function `fn` (its def, body and inner blank lines). */
export function findPythonFunction(lines: string[], fn: string): [number, number] | null {
  const start = lines.findIndex((l) => l.startsWith(`def ${fn}(`));
  if (start < 0) return null;
  let end = start + 1;
  while (end < lines.length && (lines[end] === '' || /^\s/.test(lines[end]))) end++;
  while (end > start + 1 && lines[end - 1] === '') end--;
  return [start, end];
}
