// Syntax facts of a child carried over from its parent's without parsing the child: when the
// changed tokens hold no statement keyword, brace, string, bracket imbalance or top-level line,
// no control statement or import starts in the changed lines and the routines only shift. Used
// by offlineFacts.ts; offlineFacts.test.ts checks that judgements equal those of a full parse.
import type { Program, SubHunk } from './offlineTypes';
import type { Routine } from './offlineSyntax';
import type { Token, TokenDialect } from './offlineTokens';

const STRUCTURE = {
  python: new Set(['if', 'elif', 'else', 'for', 'while', 'return', 'break', 'continue', 'raise', 'try', 'except', 'finally', 'with', 'match', 'case', 'def', 'class', 'import', 'from', 'async', 'lambda', '@', ':']),
  cpp: new Set(['if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'return', 'break', 'continue', 'throw', 'try', 'catch', 'class', 'struct', 'union', 'enum', 'namespace', 'template', 'using', 'goto', '#include', '#define', '#if', '#ifdef', '#ifndef', '#else', '#elif', '#endif', '{', '}']),
};
const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

function balanced(toks: Token[], from: number, to: number): boolean {
  let depth = 0;
  for (let k = from; k < to; k++) {
    const t = toks[k].text;
    if (OPEN[t]) depth++;
    else if (t === ')' || t === ']' || t === '}') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

export function derivable(dialect: TokenDialect, parent: Program, child: Program, subs: SubHunk[], diff: { removed: number[]; added: number[] }): boolean {
  if (dialect === 'other') return false;
  const keys = STRUCTURE[dialect];
  for (const s of subs) {
    if (s.kind === 'literal') continue;
    if (s.kind === 'rename') return false;
    for (let k = s.r0; k < s.r1; k++) if (keys.has(parent.tokens[k].text) || parent.tokens[k].kind === 'str') return false;
    for (let k = s.a0; k < s.a1; k++) if (keys.has(child.tokens[k].text) || child.tokens[k].kind === 'str') return false;
    if (!balanced(parent.tokens, s.r0, s.r1) || !balanced(child.tokens, s.a0, s.a1)) return false;
  }
  if (dialect === 'python') {
    // A changed line starting at column 0 can end a routine (or start top-level code).
    const top = (code: string, lines: number[], p: Program) => lines.some((l) => p.lineStart[l + 1] > p.lineStart[l] && lineAtColumn0(code, p, l));
    if (top(parent.code, diff.removed, parent) || top(child.code, diff.added, child)) return false;
  }
  return true;
}

function lineAtColumn0(code: string, p: Program, line: number): boolean {
  const starts = lineOffsets(p);
  const c = code[starts[line]];
  return c !== undefined && c !== ' ' && c !== '\t';
}

const offsets = new WeakMap<Program, number[]>();
function lineOffsets(p: Program): number[] {
  let o = offsets.get(p);
  if (!o) {
    o = [0];
    for (let k = p.code.indexOf('\n'); k >= 0; k = p.code.indexOf('\n', k + 1)) o.push(k + 1);
    offsets.set(p, o);
  }
  return o;
}

/**
 * The parent's routines in the child: their first and last tokens mapped through the token
 * sub-hunks (tokens outside them correspond one to one). A routine's last token inside a changed
 * span maps to the end of that span's replacement; in Python, lines the edit added right after a
 * routine's end and indented as its body belong to it.
 */
export function mapRoutines(pr: Routine[], parent: Program, child: Program, subs: SubHunk[], dialect: TokenDialect, added: Set<number>): Routine[] {
  const sorted = [...subs].sort((a, b) => a.r0 - b.r0);
  const map = (t: number, isEnd: boolean): number => {
    let shift = 0;
    for (const s of sorted) {
      if (s.r1 <= t && !(s.r1 === t && isEnd && s.r0 === s.r1)) {
        shift += s.a1 - s.a0 - (s.r1 - s.r0);
        continue;
      }
      if (s.r0 <= t && t < s.r1) return isEnd ? (s.a1 > s.a0 ? s.a1 - 1 : s.a0 - 1) : s.a0;
      break;
    }
    return t + shift;
  };
  const out: Routine[] = [];
  for (const r of pr) {
    const t0 = parent.lineStart[r.start];
    const t1 = parent.lineStart[r.end + 1] - 1;
    if (t1 < t0) continue;
    const c0 = map(t0, false);
    let c1 = map(t1, true);
    if (c0 < 0 || c1 < c0 || c1 >= child.tokens.length) continue;
    if (dialect === 'python') {
      const offs = lineOffsets(child);
      const indent = (l: number) => {
        let k = offs[l];
        while (child.code[k] === ' ' || child.code[k] === '\t') k++;
        return k - offs[l];
      };
      const head = indent(child.tokens[c0].line);
      // The body's indentation: the line of the routine's last token when it is below the header,
      // else the first non-blank line after the header (a body of a docstring only).
      let bodyLine = child.tokens[c1].line;
      if (bodyLine === child.tokens[c0].line) {
        bodyLine++;
        while (bodyLine + 1 < offs.length && child.code.slice(offs[bodyLine], offs[bodyLine + 1]).trim() === '') bodyLine++;
      }
      const body = bodyLine < offs.length ? Math.max(head + 1, indent(bodyLine)) : head + 1;
      // Extend over following added lines indented as the body (inserted body lines).
      let t = c1 + 1;
      while (t < child.tokens.length) {
        const l = child.tokens[t].line;
        if (!added.has(l) || indent(l) < body) break;
        c1 = child.lineStart[l + 1] - 1;
        t = c1 + 1;
      }
    }
    out.push({ name: r.name, start: child.tokens[c0].line, end: child.tokens[c1].line });
  }
  return out;
}

