// The offline knob finder: the program's numeric literals from its syntax tree, each kept one
// named after its context, with an interval by a stated rule; the others listed with the rule
// that excluded them. Every rule is a row of RULES (rules.ts), which the page shows. Sync: call
// `await initParsers()` (lib/analysis/treeSitter.ts) once before.
import type { ExcludedLiteral, Knob, KnobLanguage, KnobProposal } from '../../contracts/interventionTypes';
import { literalContext, type LiteralContext } from './context';
import { lineText, literalSites, parseProgram, type LiteralSite } from './literals';
import { exclusionRule, intervalFor, MAX_KNOBS, priorityKey } from './rules';

export { RULES, MAX_KNOBS } from './rules';

/** `learningRate`, `LEARNING_RATE`, `self.lr` -> learning_rate, learning_rate, lr; never empty, never starting with a digit. */
export function snakeName(raw: string | null): string {
  const s = (raw ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .slice(0, 48);
  if (!s) return 'knob';
  return /^[0-9]/.test(s) ? `k_${s}` : s;
}

/** Makes names unique in order of appearance: step, step_2, step_3 ... */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; used.has(name); i++) name = `${n}_${i}`;
    used.add(name);
    return name;
  });
}

interface Candidate {
  site: LiteralSite;
  ctx: LiteralContext;
  base: string;
}

export function findKnobsOffline(source: string, language: KnobLanguage): KnobProposal {
  const tree = parseProgram(source, language);
  try {
    const sites = literalSites(tree, source, language);
    const excluded: (ExcludedLiteral & { start: number })[] = [];
    const exclude = (site: LiteralSite, rule: string) => excluded.push({ literal: site.text, line: site.line, rule, start: site.start });

    // How often each value is written (signed value, any spelling): B.9 skips repeated literals.
    const counts = new Map<number, number>();
    for (const s of sites) if (Number.isFinite(s.value)) counts.set(s.value, (counts.get(s.value) ?? 0) + 1);

    const candidates: Candidate[] = [];
    for (const site of sites) {
      const ctx = literalContext(site, language);
      const rule = exclusionRule(site, ctx, language) ?? ((counts.get(site.value) ?? 0) > 1 ? 'repeated' : null);
      if (rule) exclude(site, rule);
      else candidates.push({ site, ctx, base: snakeName(ctx.name ?? ctx.callee) });
    }

    const ranked = candidates
      .map((c) => ({ c, key: priorityKey(c.base, c.site, c.ctx) }))
      .sort((a, b) => a.key.reduce((d, v, i) => d || v - b.key[i], 0));
    const kept = new Set(ranked.slice(0, MAX_KNOBS).map((r) => r.c));
    for (const r of ranked.slice(MAX_KNOBS)) exclude(r.c.site, 'cap');

    const chosen = candidates.filter((c) => kept.has(c));
    const names = uniqueNames(chosen.map((c) => c.base));
    const knobs: Knob[] = chosen.map((c, i) => {
      const iv = intervalFor(c.site, names[i], language);
      return {
        name: names[i],
        sourceLiteral: c.site.text,
        line: c.site.line,
        contextLine: lineText(source, c.site.line).slice(0, 2000),
        start: c.site.start,
        end: c.site.end,
        value: c.site.value,
        low: iv.low,
        high: iv.high,
        scale: iv.scale,
        type: c.site.type,
        origin: 'offline',
        note: iv.rule,
      };
    });
    excluded.sort((a, b) => a.start - b.start);
    return { language, knobs, excluded: excluded.map(({ literal, line, rule }) => ({ literal, line, rule })) };
  } finally {
    tree.delete();
  }
}
