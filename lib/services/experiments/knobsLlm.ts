// Knobs proposed by the LLM with the paper's B.9 prompt (prompt.ts), then checked against the
// program the way B.9 validates them, on the syntax tree. One chat call (chatJson: its retries
// cover transport failures and answers that are not JSON of the shape below; B.9 itself sends
// one call). Each spec of `{"hparams": [...]}` is kept only when:
//  - it parses (name, source_literal, context_line, default, low, high, scale, kind, rationale;
//    source_literal may come as a JSON number: its decimal spelling is then what must match);
//  - exactly one line of the program equals its context_line (compared with leading and
//    trailing whitespace trimmed: models drop indentation);
//  - source_literal occurs exactly once on that line as a numeric literal of the syntax tree,
//    byte-identically: the whole signed literal ("-0.1"), or the number after a unary minus
//    ("0.1" of `-0.1`, then the minus stays in the code and the knob's value is 0.1; if the
//    spec's default is -0.1 the signed literal is meant and taken);
//  - its default is the literal's value (relative difference <= 1e-9);
//  - no earlier spec took the same literal, and the literal can be named (not in a string, a
//    match pattern or a preprocessor condition);
//  - it is among the first 8 kept (B.9's cap).
// Then the hard rules of B.9 (rules.ts applyHardRules): integers get low = max(1, floor(low)),
// high = ceil(high); high/low >= 100 forces log; low <= 0 with log becomes linear; an interval
// missing the default is widened to it. The kind follows the literal's spelling (an int spelling
// is an int knob), so a rendered value keeps the program's types. Names that are not
// identifiers are snake_cased, repeated names suffixed. Dropped specs are listed with the reason.
import { z } from 'zod';
import { chatJson } from '../../llm/client';
import type { LlmSettings, LlmUsage } from '../../contracts/llmTypes';
import { ExperimentFailure } from '../../interventions/context';
import type { Knob, KnobLanguage, KnobProposal } from '../../contracts/interventionTypes';
import { literalContext } from '../../interventions/knobs/context';
import { literalSites, parseProgram, type LiteralSite } from '../../interventions/knobs/literals';
import { snakeName, uniqueNames } from '../../interventions/knobs/offline';
import { knobMessages } from '../../interventions/knobs/prompt';
import { applyHardRules, MAX_KNOBS } from '../../interventions/knobs/rules';

const num = z.union([z.number(), z.string().trim().regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/).transform(Number)]).pipe(z.number().finite());

export const hparamSpecSchema = z.object({
  name: z.string().min(1).max(200),
  source_literal: z.union([z.string().min(1).max(64), z.number().finite().transform(String)]),
  context_line: z.string().max(2000),
  default: num,
  low: num,
  high: num,
  scale: z.string().trim().toLowerCase().pipe(z.enum(['linear', 'log'])),
  kind: z.string().trim().toLowerCase().pipe(z.enum(['int', 'float'])),
  rationale: z.string().max(2000).optional().default(''),
});
export type HparamSpec = z.infer<typeof hparamSpecSchema>;

/** The answer's shape; specs are validated one by one below, so one bad spec does not refuse the rest. */
export const knobAnswerSchema = z.object({ hparams: z.array(z.unknown()).max(100) });

/** No usable answer from the LLM. An ExperimentFailure, so a tuning experiment ends 'failed' with this message. */
export class KnobLlmError extends ExperimentFailure {
  constructor(
    message: string,
    readonly usage: LlmUsage,
  ) {
    super(message);
    this.name = 'KnobLlmError';
  }
}

export type LlmKnobProposal = KnobProposal & { usage: LlmUsage; model: string };

const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

interface Located {
  site: LiteralSite;
  start: number;
  end: number;
  value: number;
  line: number;
}

/** The one literal a spec points at, or the reason it points at none. */
function locate(spec: HparamSpec, source: string, lines: string[], sitesByLine: Map<number, LiteralSite[]>): Located | string {
  const want = spec.context_line.trim();
  const matches = lines.flatMap((l, i) => (l.trim() === want ? [i + 1] : []));
  if (matches.length === 0) {
    return source.includes(spec.source_literal)
      ? `its context_line matches no line of the program (${JSON.stringify(want.slice(0, 80))})`
      : `its source_literal ${JSON.stringify(spec.source_literal)} does not occur in the program`;
  }
  if (matches.length > 1) return `its context_line occurs on ${matches.length} lines (${matches.join(', ')}): ambiguous`;
  const line = matches[0];
  const found: Located[] = [];
  for (const site of sitesByLine.get(line) ?? []) {
    if (site.text === spec.source_literal) found.push({ site, start: site.start, end: site.end, value: site.value, line });
    else if (site.outer !== site.node && source.slice(site.node.startIndex, site.node.endIndex) === spec.source_literal) {
      // The number after a unary minus: the minus stays in the code, unless the default says it is meant.
      const signed = close(spec.default, site.value);
      found.push(signed ? { site, start: site.start, end: site.end, value: site.value, line } : { site, start: site.node.startIndex, end: site.node.endIndex, value: -site.value, line });
    }
  }
  if (found.length === 0) return `its source_literal ${JSON.stringify(spec.source_literal)} is not a numeric literal on line ${line}`;
  if (found.length > 1) return `its source_literal ${JSON.stringify(spec.source_literal)} occurs ${found.length} times on line ${line}: ambiguous`;
  if (!close(found[0].value, spec.default)) return `its default ${spec.default} is not the literal's value ${found[0].value}`;
  return found[0];
}

/** Validates an answer's specs against the program (pure: no LLM; `proposeKnobsWithLlm` calls it). */
export function knobsFromSpecs(source: string, language: KnobLanguage, specs: unknown[]): Pick<KnobProposal, 'knobs' | 'dropped'> {
  const tree = parseProgram(source, language);
  try {
    const lines = source.split(/\r?\n/);
    const sitesByLine = new Map<number, LiteralSite[]>();
    for (const s of literalSites(tree, source, language)) sitesByLine.set(s.line, [...(sitesByLine.get(s.line) ?? []), s]);
    const dropped: { name: string; reason: string }[] = [];
    const taken = new Map<number, string>(); // start -> name
    const kept: { spec: HparamSpec; at: Located }[] = [];
    specs.forEach((raw, i) => {
      const parsed = hparamSpecSchema.safeParse(raw);
      const label = (raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : `spec ${i + 1}`).slice(0, 200);
      if (!parsed.success) {
        dropped.push({ name: label, reason: `malformed spec: ${parsed.error.issues.map((e) => (e.path.length ? `${e.path.join('.')}: ${e.message}` : e.message)).join('; ')}` });
        return;
      }
      const spec = parsed.data;
      const at = locate(spec, source, lines, sitesByLine);
      if (typeof at === 'string') return dropped.push({ name: spec.name, reason: at });
      const other = [...taken.entries()].find(([s]) => s === at.start || s === at.site.start || s === at.site.node.startIndex);
      if (other) return dropped.push({ name: spec.name, reason: `the same literal as "${other[1]}"` });
      const zones = literalContext(at.site, language).zones;
      if (zones.has('string') || zones.has('pattern') || zones.has('preprocessor')) return dropped.push({ name: spec.name, reason: 'the literal cannot be replaced by a name (string, match pattern or preprocessor condition)' });
      if (!(spec.low <= spec.high)) return dropped.push({ name: spec.name, reason: `low ${spec.low} is above high ${spec.high}` });
      if (kept.length >= MAX_KNOBS) return dropped.push({ name: spec.name, reason: `past the cap of ${MAX_KNOBS} knobs` });
      taken.set(at.start, spec.name);
      kept.push({ spec, at });
    });
    const names = uniqueNames(kept.map(({ spec }) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(spec.name) && spec.name.length <= 48 ? spec.name : snakeName(spec.name))));
    const knobs: Knob[] = kept.map(({ spec, at }, i) => {
      const type = at.site.type;
      const iv = applyHardRules({ low: spec.low, high: spec.high, scale: spec.scale }, at.value, type, { int32: language === 'cpp' && type === 'int' && !/l/i.test(at.site.suffix) });
      return {
        name: names[i],
        sourceLiteral: source.slice(at.start, at.end),
        line: at.line,
        contextLine: lines[at.line - 1].slice(0, 2000),
        start: at.start,
        end: at.end,
        value: at.value,
        ...iv,
        type,
        origin: 'llm',
        note: spec.rationale.replace(/\s+/g, ' ').trim().slice(0, 500) || undefined,
      };
    });
    return { knobs: knobs.sort((a, b) => a.start - b.start), dropped };
  } finally {
    tree.delete();
  }
}

/** One B.9 call; the proposal's knobs validated against the program. Throws KnobLlmError when no usable answer came. */
export async function proposeKnobsWithLlm(
  source: string,
  language: KnobLanguage,
  opts: { settings: LlmSettings; signal?: AbortSignal },
): Promise<LlmKnobProposal> {
  const r = await chatJson(opts.settings, { messages: knobMessages(source, language), schema: knobAnswerSchema, signal: opts.signal });
  if (!r.ok) throw new KnobLlmError(`the LLM gave no usable knob list: ${r.reason}`, r.usage);
  const { knobs, dropped } = knobsFromSpecs(source, language, r.value.hparams);
  return { language, knobs, excluded: [], dropped, usage: r.usage, model: r.model };
}
