// The eval agent's triggers as found in an archive -> DiagnosisRecords of the ImportedRun, and the
// programs that are agent candidates marked (metadata.agentCandidate = true). Pure: the file
// reading is lib/importers/evalAgent.ts; the layout and every rule are in lib/importers/README.md.
//
//  - Trigger generation G: from the folder name (trigger_G, gen_G) or trigger.json; a report with
//    neither (a lone diagnostic_report.md at the folder root) takes the first generation whose
//    programs carry its script's metric names, else the run's last generation, and says so in
//    `missing`.
//  - Diagnosed program: trigger.json's `diagnosed`, else the best valid program of the generations
//    since the previous trigger [previous G, G), else the best before G (seed: "diagnose the best
//    attempt, not the latest").
//  - Aux values (auxKeys.ts says which keys are aux): a program of generation g belongs to the
//    latest trigger with a script whose G <= g (the seed's loop triggers at the start of
//    generation G, before its mutation is evaluated); its values are those keys of its metrics.
//  - Agent candidates: programs the archive marks (metadata.agentCandidate, patch type 'agent',
//    parent operator 'agent', a gen_N/agent_candidate.* file) and the program whose code equals a
//    trigger's agent_candidate.<ext> (first at or after G). A trigger links trigger.json's
//    `agent_candidate`, else its file's program, else the first marked program in [G, next G).
import type { DiagnosisRecord, ProgramRecord } from '../trace/schema';
import { keysAppearingFrom, scriptKeysInMetrics, type MetricsAt } from './auxKeys';
import { parseReportMarkdown } from './reportMarkdown';

export interface TriggerInput {
  /** The trigger's folder (or file) relative to the import root, for messages. */
  where: string;
  /** null: not recorded (a lone report at the folder root). */
  generation: number | null;
  /** null: the trigger has no (readable) diagnostic_report.md. */
  reportMd: string | null;
  auxScript: string | null;
  candidate: { file: string; code: string } | null;
  /** From trigger.json, when present. */
  diagnosed?: string | null;
  agentCandidate?: string | null;
}

export interface BuildOptions {
  scoreMetric: string | null;
  higherIsBetter: boolean;
  /** Generations whose gen_N/ folder holds an agent_candidate.* file (Shinka layout). */
  candidateGenerations?: ReadonlySet<number>;
}

const AGENT_PATCH = /^(agent|agent_candidate|eval_agent)$/i;
// The time axis: iteration (Shinka: = generation N; OpenEvolve: iteration_found), else generation
// (OpenEvolve's generation is the depth in the lineage, not a moment).
const genOf = (p: ProgramRecord) => p.iteration ?? p.generation ?? null;
const normCode = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').trim();
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether the archive itself marks `p` as the eval agent's (not an LLM mutation's) program. */
export function markedAsAgentCandidate(p: ProgramRecord, candidateGenerations?: ReadonlySet<number>): boolean {
  const m = isObj(p.metadata) ? p.metadata : {};
  if (m.agentCandidate === true || m.agent_candidate === true) return true;
  for (const k of ['patchType', 'patch_type']) if (typeof m[k] === 'string' && AGENT_PATCH.test(m[k] as string)) return true;
  if ((p.parents ?? []).some((pa) => pa.operator && AGENT_PATCH.test(pa.operator))) return true;
  const g = genOf(p);
  return g != null && !!candidateGenerations?.has(g);
}

/**
 * The report's agentCandidate for a candidate found in the run: its score against the best valid
 * score of the generations before its own (programId is filled by the writer, which knows ids).
 */
export function candidateOutcome(cand: ProgramRecord, programs: readonly ProgramRecord[], higherIsBetter: boolean) {
  const cg = genOf(cand);
  let bestScore: number | null = null;
  for (const p of programs) {
    const g = genOf(p);
    if (cg == null || g == null || g >= cg || !p.valid || p.evaluated === false || p.score == null) continue;
    if (bestScore == null || (higherIsBetter ? p.score > bestScore : p.score < bestScore)) bestScore = p.score;
  }
  const score = cand.valid && cand.score != null ? cand.score : null;
  const gain = score != null && bestScore != null ? (higherIsBetter ? score - bestScore : bestScore - score) : null;
  return { status: cand.valid ? 'imported' : 'invalid', score, bestScore, gain, programId: null };
}

export function buildDiagnoses(triggers: readonly TriggerInput[], programs: ProgramRecord[], opts: BuildOptions): DiagnosisRecord[] {
  if (!triggers.length) return [];
  const better = (a: number, b: number) => (opts.higherIsBetter ? a > b : a < b);
  const dated = programs.flatMap((p) => (genOf(p) == null ? [] : [{ p, g: genOf(p)! }]));
  const metricsAt: MetricsAt[] = dated.map(({ p, g }) => ({ generation: g, metrics: (p.metrics ?? {}) as Record<string, unknown> }));
  const lastGen = dated.reduce((m, d) => Math.max(m, d.g), 0);
  const byId = new Map(programs.map((p) => [p.externalId, p]));
  const bestOf = (xs: { p: ProgramRecord; g: number }[]) => {
    let best: ProgramRecord | null = null;
    for (const { p } of xs) if (p.valid && p.evaluated !== false && p.score != null && (!best || better(p.score, best.score!))) best = p;
    return best;
  };

  // 1. Generations, and the notes about those that were guessed.
  const notes = new Map<TriggerInput, string[]>();
  const resolved = triggers.map((t) => {
    notes.set(t, []);
    if (t.generation != null) return { t, g: t.generation };
    const keys = t.auxScript ? scriptKeysInMetrics(t.auxScript, metricsAt, 0) : [];
    const first = dated.filter((d) => keys.some((k) => typeof (d.p.metrics as Record<string, unknown>)?.[k] === 'number')).reduce((m, d) => Math.min(m, d.g), Infinity);
    const g = Number.isFinite(first) ? first : lastGen;
    notes.get(t)!.push(`trigger generation not recorded in ${t.where}: taken as ${g} (${Number.isFinite(first) ? 'the first generation with its aux metrics' : "the run's last generation"})`);
    return { t, g };
  });
  resolved.sort((a, b) => a.g - b.g);

  // 2. Aux keys per trigger (rule 1), or the run-wide fallback (rule 2).
  const scriptKeys = resolved.map(({ t, g }) => (t.auxScript ? scriptKeysInMetrics(t.auxScript, metricsAt, g) : []));
  const scriptMode = scriptKeys.some((k) => k.length);
  const fallbackKeys = scriptMode ? [] : keysAppearingFrom(metricsAt, resolved[0].g, opts.scoreMetric);
  const owner = (g: number): number => {
    for (let i = resolved.length - 1; i >= 0; i--) if (resolved[i].g <= g && (!scriptMode || resolved[i].t.auxScript)) return i;
    return -1;
  };
  const values: { externalId: string; values: Record<string, number> }[][] = resolved.map(() => []);
  for (const { p, g } of dated) {
    const i = owner(g);
    if (i < 0) continue;
    const keys = scriptMode ? scriptKeys[i] : fallbackKeys;
    const m = (p.metrics ?? {}) as Record<string, unknown>;
    const v = Object.fromEntries(keys.flatMap((k) => (typeof m[k] === 'number' && Number.isFinite(m[k]) ? [[k, m[k] as number]] : [])));
    if (Object.keys(v).length) values[i].push({ externalId: p.externalId, values: v });
  }

  // 3. Agent candidates.
  const marked = new Set(programs.filter((p) => markedAsAgentCandidate(p, opts.candidateGenerations)).map((p) => p.externalId));
  const linked = new Set<string>();
  const candidateOf = resolved.map(({ t, g }, i) => {
    const nextG = resolved[i + 1]?.g ?? Infinity;
    if (t.agentCandidate && byId.has(t.agentCandidate)) return t.agentCandidate;
    if (t.candidate) {
      const code = normCode(t.candidate.code);
      const same = dated.filter((d) => normCode(d.p.code) === code).sort((a, b) => a.g - b.g);
      const hit = same.find((d) => d.g >= g) ?? same[0];
      if (hit) return hit.p.externalId;
      notes.get(t)!.push(`agent candidate ${t.candidate.file} matches no program of the run`);
      return null;
    }
    const inWindow = dated.filter((d) => d.g >= g && d.g < nextG && marked.has(d.p.externalId) && !linked.has(d.p.externalId)).sort((a, b) => a.g - b.g);
    return inWindow[0]?.p.externalId ?? null;
  });
  for (const id of candidateOf) if (id) linked.add(id);
  for (const p of programs) {
    if (marked.has(p.externalId) || linked.has(p.externalId)) p.metadata = { ...(isObj(p.metadata) ? p.metadata : {}), agentCandidate: true };
  }

  // 4. One record per trigger.
  return resolved.map(({ t, g }, i) => {
    const where = `${t.where}/diagnostic_report.md`;
    const parsed = t.reportMd != null ? parseReportMarkdown(t.reportMd, where) : null;
    const missing = [...notes.get(t)!];
    if (!parsed) missing.push(`no diagnostic_report.md in ${t.where}`);
    else missing.push(...parsed.missing);
    if (!t.auxScript) missing.push(`no auxiliary_metrics.py in ${t.where}`);
    const prevG = i > 0 ? resolved[i - 1].g : -Infinity;
    const diagnosed =
      (t.diagnosed && byId.has(t.diagnosed) ? byId.get(t.diagnosed)! : null) ??
      bestOf(dated.filter((d) => d.g >= prevG && d.g < g)) ??
      bestOf(dated.filter((d) => d.g < g));
    const candId = candidateOf[i];
    const cand = candId ? byId.get(candId)! : null;
    const agentCandidate = cand ? candidateOutcome(cand, programs, opts.higherIsBetter) : null;
    const auxMetricNames = scriptMode ? scriptKeys[i] : [...new Set(values[i].flatMap((v) => Object.keys(v.values)))].sort();
    return {
      triggerGeneration: g,
      programExternalId: diagnosed?.externalId ?? null,
      reportMd: t.reportMd ?? '',
      report: {
        hypothesis: parsed?.hypothesis ?? '',
        experiment: parsed?.experiment ?? '',
        verdict: parsed?.verdict ?? '',
        direction: parsed?.direction ?? '',
        claims: parsed?.claims ?? [],
        auxMetricNames,
        trivialMetrics: [],
        changeLog: [],
        bounds: null,
        agentCandidate,
        missing,
      },
      auxScript: t.auxScript,
      agentCandidateCode: t.candidate?.code ?? null,
      agentCandidateExternalId: candId,
      auxValues: values[i],
    };
  });
}
