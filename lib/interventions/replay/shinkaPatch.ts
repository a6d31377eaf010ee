// ShinkaEvolve's two ways of reading a reply (shinka/edit/apply_diff.py, apply_full.py), as far
// as replay needs them: edits are legal only inside EVOLVE-BLOCK regions.
//  - diff (apply_diff_patch): the parent's lines are right-stripped first (and its last newline
//    dropped, as "\n".join(splitlines()) does); each SEARCH/REPLACE block (markers lines
//    removed, lines right-stripped) replaces the FIRST SUBSTRING occurrence of its SEARCH text,
//    or, failing that, of the SEARCH re-indented to a line whose stripped text equals its first
//    line (the REPLACE re-indented alike); an empty SEARCH appends inside the last region. A
//    SEARCH found nowhere or outside every region fails the whole patch.
//  - full rewrite (apply_full_patch): the first ```<language> fence; its EVOLVE regions replace
//    the parent's region by region, or, without markers and one region in the parent, the
//    fence is the whole file (same text outside the markers) or just the region's body.
// Simplified: a fence with a single marker (START xor END) is refused here; Shinka guesses.

const START = /(?:#|\/\/|!|<!--|\(\*)?[^\S\r\n]*EVOLVE-BLOCK-START[^\S\r\n]*(?:-->|\*\))?/g;
const END = /(?:#|\/\/|!|<!--|\(\*)?[^\S\r\n]*EVOLVE-BLOCK-END[^\S\r\n]*(?:-->|\*\))?/g;
const PATCH = /<{7}\s*SEARCH\s*\n([\s\S]*?)\n\s*={7}\s*\n([\s\S]*?)\n\s*>{7}\s*REPLACE\s*/g;
const MARKER_ONLY_LINE = /^\s*(?:#|\/\/|!)?\s*(?:<!--\s*|\(\*\s*)?EVOLVE-BLOCK-(?:START|END)\s*(?:-->|\*\))?\s*$/gm;

export type ShinkaResult = { ok: true; source: string } | { ok: false; error: string };

/** Character ranges legal to edit: after each START match, before its END match (stack-paired). */
export function mutableRanges(text: string): [number, number][] {
  const marks: [number, 'start' | 'end'][] = [
    ...[...text.matchAll(START)].map((m) => [m.index + m[0].length, 'start'] as [number, 'start']),
    ...[...text.matchAll(END)].map((m) => [m.index, 'end'] as [number, 'end']),
  ].sort((a, b) => a[0] - b[0]);
  const stack: number[] = [];
  const out: [number, number][] = [];
  for (const [pos, kind] of marks) {
    if (kind === 'start') stack.push(pos);
    else if (stack.length) out.push([stack.pop()!, pos]);
  }
  return out;
}

const splitLines = (s: string) => s.split(/\r\n|\r|\n/).filter((_, i, all) => i < all.length - 1 || all[i] !== '');
const stripTrailing = (s: string) => splitLines(s).map((l) => l.replace(/\s+$/, '')).join('\n');
const cleanMarkers = (s: string) => s.replace(MARKER_ONLY_LINE, '');
const indentOf = (l: string) => l.length - l.replace(/^\s+/, '').length;

function reindent(text: string, indent: string): string {
  if (!text.trim()) return text;
  const lines = splitLines(text);
  const firstNonEmpty = lines.find((l) => l.trim());
  const base = firstNonEmpty ? indentOf(firstNonEmpty) : 0;
  return lines.map((l) => (l.trim() ? indent + ' '.repeat(Math.max(indentOf(l) - base, 0)) + l.trim() : '')).join('\n');
}

/** _find_indented_match: exact substring first, then the SEARCH re-indented to a matching first line. */
function findIndented(search: string, text: string): [string, number] {
  if (!search.trim()) return ['', -1];
  const pos = text.indexOf(search);
  if (pos >= 0) return [search, pos];
  const lines = splitLines(search);
  const first = lines[0]?.trim();
  if (!first) return ['', -1];
  const base = indentOf(lines[0]);
  for (const line of splitLines(text)) {
    if (line.trim() !== first) continue;
    const indent = line.slice(0, indentOf(line));
    const candidate = lines
      .map((l, j) => (j === 0 ? indent + l.trim() : l.trim() ? indent + ' '.repeat(Math.max(indentOf(l) - base, 0)) + l.trim() : ''))
      .join('\n');
    const at = text.indexOf(candidate);
    if (at >= 0) return [candidate, at];
  }
  return ['', -1];
}

/** apply_diff_patch on a reply: the patched source, or the reason Shinka would refuse it. */
export function shinkaApplyDiff(parent: string, reply: string): ShinkaResult & { applied?: number } {
  let text = stripTrailing(parent);
  const patch = cleanMarkers(stripTrailing(reply));
  let applied = 0;
  for (const m of patch.matchAll(PATCH)) {
    const search = stripTrailing(cleanMarkers(m[1]));
    let replace = stripTrailing(cleanMarkers(m[2]));
    const ranges = mutableRanges(text);
    if (!search.trim()) {
      if (!ranges.length) return { ok: false, error: 'an insertion (empty SEARCH) needs an EVOLVE-BLOCK region and the parent has none' };
      if (replace) {
        const b = ranges[ranges.length - 1][1];
        const lineStart = text.lastIndexOf('\n', b - 1) + 1;
        const prefix = text.slice(lineStart, b);
        text = prefix.trim()
          ? `${text.slice(0, lineStart)}${prefix.replace(/\s+$/, '')}\n${replace}\n${prefix.slice(0, indentOf(prefix))}${text.slice(b)}`
          : `${text.slice(0, lineStart)}${replace}\n${text.slice(lineStart)}`;
      }
      applied++;
      continue;
    }
    const [matched, pos] = findIndented(search, text);
    if (pos < 0) return { ok: false, error: `SEARCH text not found in the parent: ${JSON.stringify(splitLines(search)[0].trim().slice(0, 80))}` };
    const end = pos + matched.length;
    if (!ranges.some(([a, b]) => pos >= a && end <= b)) return { ok: false, error: 'a SEARCH block edits outside the EVOLVE-BLOCK regions' };
    if (matched !== search) replace = reindent(replace, matched.slice(0, indentOf(matched)));
    text = text.slice(0, pos) + replace + text.slice(end);
    applied++;
  }
  return { ok: true, source: text, applied };
}

/** extract_between(reply, "```<language>", "```"): the first such fence's body, or null. */
export function shinkaFence(reply: string, language: string): string | null {
  const open = '```' + language;
  const at = reply.indexOf(open);
  if (at < 0) return null;
  const close = reply.indexOf('```', at + open.length);
  if (close < 0) return null;
  return reply.slice(at + open.length, close).trim();
}

/** apply_full_patch: the rewrite's EVOLVE regions put back into the parent's frame. */
export function shinkaApplyFull(parent: string, reply: string, language: string): ShinkaResult {
  const code = shinkaFence(reply, language);
  if (code === null || code === 'none') return { ok: false, error: `no \`\`\`${language} fenced code block in the reply` };
  const ranges = mutableRanges(parent);
  if (!ranges.length) return { ok: false, error: 'the parent has no EVOLVE-BLOCK regions (a Shinka full rewrite replaces them)' };
  const hasStart = new RegExp(START.source).test(code);
  const hasEnd = new RegExp(END.source).test(code);
  if (hasStart && hasEnd) {
    const patchRanges = mutableRanges(code);
    let out = '';
    let last = 0;
    ranges.forEach(([a, b], i) => {
      out += parent.slice(last, a) + (i < patchRanges.length ? code.slice(...patchRanges[i]) : parent.slice(a, b));
      last = b;
    });
    return { ok: true, source: out + parent.slice(last) };
  }
  if (hasStart || hasEnd) return { ok: false, error: 'the rewrite carries only one EVOLVE-BLOCK marker' };
  if (ranges.length !== 1) return { ok: false, error: 'the parent has several EVOLVE-BLOCK regions and the rewrite marks none' };
  const [a, b] = ranges[0];
  const startMatch = [...parent.matchAll(START)].find((m) => m.index + m[0].length === a);
  const endMatch = [...parent.matchAll(END)].find((m) => m.index === b);
  const prefixOutside = startMatch ? parent.slice(0, startMatch.index) : parent.slice(0, a);
  const suffixOutside = endMatch ? parent.slice(endMatch.index + endMatch[0].length) : parent.slice(b);
  const sfx = [suffixOutside, suffixOutside.replace(/[\r\n]+$/, '')].find((s) => code.endsWith(s));
  let payload = code.startsWith(prefixOutside) && sfx !== undefined ? code.slice(prefixOutside.length, code.length - sfx.length) : code;
  if (startMatch && payload && !payload.startsWith('\n')) payload = `\n${payload}`;
  if (endMatch && payload && !payload.endsWith('\n')) payload = `${payload}\n`;
  return { ok: true, source: parent.slice(0, a) + payload + parent.slice(b) };
}
