// The "LLM": edit operators that turn a parent's code into a child's, line by line, so a
// parent -> child diff shows exactly the edit. The mix mirrors what the paper reports:
// numeric retunes dominate, local refinements next, occasional structural rewrites, and
// lineages that delete lines and later re-add them byte-identically (cycling, sec. 5.2).
import type { Rng } from '../../analysis/rng';
import type { ProgramTemplate } from './programs/types';
import { hasSkeleton, indentOf, skeleton } from './programs/text';

export type EditKind = 'retune' | 'refine' | 'prune' | 'readd' | 'rewrite' | 'comment' | 'retune+refine';

/** Lines a lineage deleted, with the line that preceded them, so they can come back. */
export interface DeletedChunk {
  lines: string[];
  before: string | null;
  iteration: number;
  /** Deleted by a structural rewrite: pieces of a replaced function, not re-added alone. */
  structural?: boolean;
}

export interface EditDetail {
  knobs?: { line: string; from: string; to: string }[];
  restored?: boolean;
  block?: string;
  variant?: { from: string; to: string };
  slot?: string;
  approach?: { from: string; to: string };
  comment?: string;
  readdedFrom?: number;
  pruned?: string;
}

export interface EditContext {
  template: ProgramTemplate;
  rng: Rng;
  history: readonly DeletedChunk[];
}

export interface Edit {
  lines: string[];
  detail: EditDetail;
}

const LITERAL = /(?<![\w.])(\d+\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|\d+)(?![\w.])/g;

/** [first, last] line indices inside the EVOLVE-BLOCK markers (the part the LLM may edit). */
export function evolveRange(lines: readonly string[]): [number, number] {
  const s = lines.findIndex((l) => l.includes('EVOLVE-BLOCK-START'));
  const e = lines.findIndex((l) => l.includes('EVOLVE-BLOCK-END'));
  return [s < 0 ? 0 : s + 1, e < 0 ? lines.length - 1 : e - 1];
}

function codePart(line: string, prefix: string): string {
  const at = line.indexOf(` ${prefix} `);
  return at < 0 ? line : line.slice(0, at);
}

function isComment(line: string, prefix: string) {
  return line.trim().startsWith(prefix);
}

function decimals(lit: string) {
  const m = /\.(\d+)/.exec(lit);
  return m ? m[1].length : 0;
}

function formatFloat(x: number, minDecimals = 1): string {
  let s = String(x);
  if (s.includes('e')) s = x.toFixed(12).replace(/0+$/, '');
  if (!s.includes('.')) s += '.0';
  const d = decimals(s);
  if (d < minDecimals) s = x.toFixed(minDecimals);
  return s;
}

function sig(x: number, digits: number) {
  return Number(x.toPrecision(digits));
}

/** A plausible new value for a numeric literal, written the way a person would write it. */
export function perturbLiteral(lit: string, rng: Rng): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const out = perturbOnce(lit, rng);
    if (out !== lit && Number(out) > 0) return out;
  }
  return lit;
}

function perturbOnce(lit: string, rng: Rng): string {
  const sci = /^(\d+(?:\.\d+)?)[eE]([-+]?\d+)$/.exec(lit);
  if (sci) {
    if (rng.chance(0.6)) return `${sci[1]}e${Number(sci[2]) + rng.pick([-1, 1])}`;
    return `${rng.pick(['1', '2', '5'])}e${sci[2]}`;
  }
  const v = Number(lit);
  if (lit.includes('.')) {
    const dec = decimals(lit);
    if (v > 0.9 && v < 1) {
      // Rates just below 1: people tune the gap to 1 (0.99992 -> 0.99988).
      const gap = sig((1 - v) * rng.pick([0.5, 0.6, 0.75, 0.8, 1.25, 1.5, 2]), 2);
      const d = Math.max(dec, decimals(formatFloat(gap)));
      return formatFloat(Number((1 - gap).toFixed(d)));
    }
    const digits = lit.replace(/^[0.]+/, '').replace('.', '').replace(/0+$/, '').length;
    if (digits >= 2 && rng.chance(0.6)) {
      const unit = v >= 10 ? 10 ** (Math.floor(Math.log10(v)) - 1) : 10 ** -dec;
      const next = v + unit * rng.pick([-3, -2, -1, 1, 2, 3]);
      return formatFloat(Number(next.toFixed(Math.max(dec, 0))), Math.min(dec, 1));
    }
    const next = sig(v * rng.pick([0.5, 0.7, 0.8, 1.25, 1.5, 2]), 2);
    return v >= 10 ? `${Math.round(next)}.0` : formatFloat(next);
  }
  if (v >= 16 && (v & (v - 1)) === 0) return String(v * rng.pick([0.5, 2, 0.25, 4]));
  if (v >= 100) return String(sig(v * rng.pick([0.5, 0.7, 0.8, 1.25, 1.5, 2]), 2));
  return String(Math.max(1, v + rng.pick([-2, -1, 1, 2]) * Math.max(1, Math.round(v * 0.15))));
}

interface LiteralSite {
  line: number;
  start: number;
  text: string;
  knob: boolean;
}

function literalSites(lines: readonly string[], t: ProgramTemplate): LiteralSite[] {
  const [s, e] = evolveRange(lines);
  const sites: LiteralSite[] = [];
  for (let i = s; i <= e; i++) {
    const line = lines[i];
    if (t.frozenLine(line) || isComment(line, t.commentPrefix)) continue;
    const code = codePart(line, t.commentPrefix);
    const knob = t.knobs.some((k) => new RegExp(`^(?:const \\w+ )?${k} = `).test(line));
    for (const m of code.matchAll(LITERAL)) {
      const v = Number(m[0]);
      if (v === 0 || v === 1 || v === 2 || v === 0.5 || m[0] === '100') continue;
      if (!m[0].includes('.') && !/e/i.test(m[0]) && v < 3) continue;
      if (/axis=-?$/.test(code.slice(0, m.index))) continue;
      sites.push({ line: i, start: m.index!, text: m[0], knob });
    }
  }
  return sites;
}

/** Numeric retune: changes 1-3 literals, sometimes restoring a value the lineage had. */
export function retune(lines: readonly string[], ctx: EditContext): Edit | null {
  const { rng, template } = ctx;
  const sites = literalSites(lines, template);
  if (!sites.length) return null;
  const out = lines.slice();
  const knobs: NonNullable<EditDetail['knobs']> = [];
  const touched = new Set<number>();
  let restored = false;

  if (rng.chance(0.35)) {
    // Coefficient churn: bring back a byte-identical line this lineage deleted.
    const candidates = ctx.history
      .filter((c) => c.lines.length === 1)
      .flatMap((c) => {
        const i = out.findIndex((l) => l !== c.lines[0] && skeleton(l) === skeleton(c.lines[0]) && sites.some((s) => s.line === out.indexOf(l)));
        return i >= 0 ? [{ i, line: c.lines[0] }] : [];
      });
    if (candidates.length) {
      const { i, line } = rng.chance(0.8) ? candidates[candidates.length - 1] : rng.pick(candidates);
      knobs.push({ line: line.trim(), from: out[i].trim(), to: line.trim() });
      out[i] = line;
      touched.add(i);
      restored = true;
    }
  }

  const want = rng.weighted([[1, 0.6], [2, 0.3], [3, 0.1]] as const) - knobs.length;
  for (let k = 0; k < want; k++) {
    const free = sites.filter((s) => !touched.has(s.line));
    if (!free.length) break;
    const site = rng.weighted(free.map((s) => [s, s.knob ? 4 : 1] as const));
    const next = perturbLiteral(site.text, rng);
    if (next === site.text) continue;
    const line = out[site.line];
    out[site.line] = line.slice(0, site.start) + next + line.slice(site.start + site.text.length);
    touched.add(site.line);
    knobs.push({ line: out[site.line].trim(), from: site.text, to: next });
  }
  return knobs.length ? { lines: out, detail: { knobs, restored } } : null;
}

function anchorIndex(lines: readonly string[], anchor: RegExp): number {
  const [s, e] = evolveRange(lines);
  for (let i = s; i <= e; i++) if (anchor.test(lines[i])) return i;
  return -1;
}

/** Local refinement: add an optional block or swap a line for an equivalent variant. */
export function refine(lines: readonly string[], ctx: EditContext): Edit | null {
  const { rng, template } = ctx;
  const blocks = template.blocks.filter((b) => !hasSkeleton(lines, b.lines[0]) && anchorIndex(lines, b.anchor) >= 0);
  const [s, e] = evolveRange(lines);
  const swaps: { i: number; to: string }[] = [];
  for (let i = s; i <= e; i++) {
    const t = lines[i].trim();
    for (const g of template.lineVariants) {
      if (g.variants.includes(t)) for (const v of g.variants) if (v !== t) swaps.push({ i, to: v });
    }
  }
  if (!blocks.length && !swaps.length) return null;
  if (blocks.length && (!swaps.length || rng.chance(0.6))) {
    const b = rng.pick(blocks);
    const i = anchorIndex(lines, b.anchor);
    const at = b.place === 'after' ? i + 1 : i;
    return { lines: [...lines.slice(0, at), ...b.lines, ...lines.slice(at)], detail: { block: b.id } };
  }
  const sw = rng.pick(swaps);
  const out = lines.slice();
  out[sw.i] = indentOf(lines[sw.i]) + sw.to;
  return { lines: out, detail: { variant: { from: lines[sw.i].trim(), to: sw.to } } };
}

/** Pruning: drop an optional block (or, failing that, a standalone comment). */
export function prune(lines: readonly string[], ctx: EditContext): Edit | null {
  const { rng, template } = ctx;
  const present: { start: number; len: number; id: string }[] = [];
  for (const b of template.blocks) {
    const sk = b.lines.map(skeleton);
    for (let i = 0; i + sk.length <= lines.length; i++) {
      if (sk.every((x, k) => skeleton(lines[i + k]) === x)) {
        present.push({ start: i, len: sk.length, id: b.id });
        break;
      }
    }
  }
  if (present.length) {
    const p = rng.pick(present);
    return { lines: [...lines.slice(0, p.start), ...lines.slice(p.start + p.len)], detail: { pruned: p.id } };
  }
  const comments = standaloneComments(lines, template);
  if (!comments.length) return null;
  const i = rng.pick(comments);
  return { lines: [...lines.slice(0, i), ...lines.slice(i + 1)], detail: { pruned: 'comment' } };
}

function standaloneComments(lines: readonly string[], t: ProgramTemplate): number[] {
  const [s, e] = evolveRange(lines);
  const out: number[] = [];
  for (let i = s; i <= e; i++) if (isComment(lines[i], t.commentPrefix) && !lines[i].includes('EVOLVE-BLOCK')) out.push(i);
  return out;
}

/** Re-adds lines the lineage deleted earlier, byte for byte, where they used to be. */
export function readd(lines: readonly string[], ctx: EditContext): Edit | null {
  const { rng, template } = ctx;
  const options: { chunk: DeletedChunk; apply: () => string[] }[] = [];
  for (const chunk of ctx.history) {
    if (chunk.structural || chunk.lines.length > 6 || chunk.lines.some((l) => l.includes('EVOLVE-BLOCK') || /^\S/.test(l))) continue;
    if (chunk.lines.every((l) => l.trim() === '')) continue;
    if (lines.includes(chunk.lines[0])) continue;
    const b = chunk.before === null ? -1 : lines.indexOf(chunk.before);
    if (chunk.lines.length === 1) {
      const same = lines.findIndex((l) => skeleton(l) === skeleton(chunk.lines[0]));
      const group = template.lineVariants.find((g) => g.variants.includes(chunk.lines[0].trim()));
      const next = b >= 0 ? lines[b + 1] : undefined;
      const swap = same >= 0 ? same : next !== undefined && group?.variants.includes(next.trim()) ? b + 1 : -1;
      if (swap >= 0) {
        options.push({ chunk, apply: () => lines.map((l, i) => (i === swap ? chunk.lines[0] : l)) });
        continue;
      }
    }
    if (b < 0) continue;
    options.push({ chunk, apply: () => [...lines.slice(0, b + 1), ...chunk.lines, ...lines.slice(b + 1)] });
  }
  if (!options.length) return null;
  // Short-span churn dominates (paper, B.8): prefer the most recent deletion.
  const o = rng.chance(0.8) ? options[options.length - 1] : rng.pick(options);
  return { lines: o.apply(), detail: { readdedFrom: o.chunk.iteration, comment: o.chunk.lines[0].trim() } };
}

/** Structural rewrite: replaces a whole function with a different approach. */
export function rewrite(lines: readonly string[], ctx: EditContext, opts: { jackpot?: boolean } = {}): Edit | null {
  const { rng, template } = ctx;
  const slots = rng.shuffle(template.slots);
  for (const slot of slots) {
    const range = template.findFunction(lines as string[], slot.fn);
    if (!range) continue;
    const body = lines.slice(range[0], range[1]);
    const current = slot.approaches.find((a) => body.some((l) => a.signature.test(l)));
    const others = slot.approaches.filter((a) => a !== current && (!opts.jackpot || a.jackpot));
    if (!others.length) continue;
    const next = rng.weighted(others.map((a) => [a, a.weight] as const));
    let out = [...lines.slice(0, range[0]), ...next.lines, ...lines.slice(range[1])];
    for (const set of next.sets ?? []) {
      const name = /([A-Z][A-Z0-9_]*) =/.exec(set)![1];
      const i = out.findIndex((l) => new RegExp(`^(?:const \\w+ )?${name} = `).test(l));
      if (i >= 0) out[i] = set;
    }
    const missing = (next.needs ?? []).filter((n) => {
      const name = /([A-Z][A-Z0-9_]*) =/.exec(n)![1];
      return !out.some((l) => new RegExp(`^(?:const \\w+ )?${name} = `).test(l));
    });
    if (missing.length) {
      const at = template.constantsEnd(out) + 1;
      out = [...out.slice(0, at), ...missing, ...out.slice(at)];
    }
    return { lines: out, detail: { slot: slot.fn, approach: { from: current?.id ?? 'unknown', to: next.id } } };
  }
  return null;
}

/** Comment-only edit: a trailing comment on a constant, or a standalone comment line. */
export function comment(lines: readonly string[], ctx: EditContext): Edit | null {
  const { rng, template } = ctx;
  const p = template.commentPrefix;
  const [s, e] = evolveRange(lines);
  const out = lines.slice();
  const mode = rng.weighted([['trailing', 0.35], ['insert', 0.35], ['delete', 0.15], ['reword', 0.15]] as const);
  const existing = standaloneComments(lines, template);
  if (mode === 'trailing') {
    const consts = [];
    for (let i = s; i <= e; i++) if (template.knobs.some((k) => new RegExp(`^(?:const \\w+ )?${k} = `).test(lines[i]))) consts.push(i);
    if (consts.length) {
      const i = rng.pick(consts);
      const text = rng.pick(template.trailingComments);
      const next = `${codePart(lines[i], p).trimEnd()}  ${p} ${text}`;
      if (next !== lines[i]) {
        out[i] = next;
        return { lines: out, detail: { comment: text } };
      }
    }
  }
  if ((mode === 'delete' || mode === 'reword') && existing.length) {
    const i = rng.pick(existing);
    if (mode === 'delete') return { lines: [...lines.slice(0, i), ...lines.slice(i + 1)], detail: { comment: lines[i].trim() } };
    const text = rng.pick(template.comments);
    out[i] = `${indentOf(lines[i])}${p} ${text}`;
    if (out[i] !== lines[i]) return { lines: out, detail: { comment: text } };
  }
  const spots: number[] = [];
  for (let i = s; i <= e; i++) if (/^ {4}\S/.test(lines[i]) && !isComment(lines[i], p) && !isComment(lines[i - 1] ?? '', p)) spots.push(i);
  const unused = template.comments.filter((c) => !lines.some((l) => l.trim() === `${p} ${c}`));
  if (!spots.length || !unused.length) return null;
  const i = rng.pick(spots);
  const text = rng.pick(unused);
  return { lines: [...lines.slice(0, i), `${indentOf(lines[i])}${p} ${text}`, ...lines.slice(i)], detail: { comment: text } };
}

/** Applies a bug so the child fails evaluation (compile error, crash, timeout...). */
export function injectBug(lines: readonly string[], ctx: EditContext): { lines: string[]; bug: string } | null {
  for (const bug of ctx.rng.shuffle(ctx.template.bugs)) {
    const out = bug.apply(lines as string[], ctx.rng);
    if (out && out.join('\n') !== lines.join('\n')) return { lines: out, bug: bug.id };
  }
  return null;
}
