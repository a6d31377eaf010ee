// Which metric keys of a run are auxiliary metrics (the values an auxiliary_metrics.py returned,
// merged by the framework into each generation's metrics, seed 001 "Hook 3"). Pure.
//
// Rule, in order:
//  1. Names in the script: the string keys of its dict literals (`"runtime_ms": ...`) and of its
//     subscript assignments (`out["runtime_ms"] = ...`), kept only when some program evaluated at
//     or after the script's trigger carries that key (a literal that is no metric, such as a
//     subprocess option, is never in the metrics and drops out).
//  2. With no script, or none of its names in the metrics: the keys that first appear at or after
//     the first trigger (no program before it has them, some program after does), never the score
//     metric.

const DICT_KEY = /(["'])([A-Za-z_][\w.\-]{0,99})\1\s*:(?!:)/g;
const SUBSCRIPT_SET = /\[\s*(["'])([A-Za-z_][\w.\-]{0,99})\1\s*\]\s*=(?!=)/g;

/** String keys the script writes into dicts, in order of first appearance. */
export function namesInScript(script: string): string[] {
  // Comments and docstrings state names too ("returns: dict of metric_name -> float"): drop
  // comment lines; docstrings hold no `"x":` pairs in practice.
  const code = script.replace(/^\s*#.*$/gm, '');
  const out = new Set<string>();
  const hits: { at: number; name: string }[] = [];
  for (const m of code.matchAll(DICT_KEY)) hits.push({ at: m.index!, name: m[2] });
  for (const m of code.matchAll(SUBSCRIPT_SET)) hits.push({ at: m.index!, name: m[2] });
  for (const h of hits.sort((a, b) => a.at - b.at)) out.add(h.name);
  return [...out];
}

/** Whether the script defines the contract's entry point. */
export const hasEvaluateAux = (script: string) => /^\s*def\s+evaluate_aux\s*\(/m.test(script);

export interface MetricsAt {
  generation: number;
  metrics: Record<string, unknown>;
}

const numericKeys = (m: Record<string, unknown>) =>
  Object.entries(m).filter(([, v]) => typeof v === 'number' && Number.isFinite(v)).map(([k]) => k);

/** Rule 1: the script's names found in the numeric metrics of programs at or after `fromGeneration`. */
export function scriptKeysInMetrics(script: string, programs: readonly MetricsAt[], fromGeneration: number): string[] {
  const present = new Set(programs.filter((p) => p.generation >= fromGeneration).flatMap((p) => numericKeys(p.metrics)));
  return namesInScript(script).filter((n) => present.has(n));
}

/** Rule 2: numeric keys absent before `firstTrigger` and present at or after it (score metric excluded). */
export function keysAppearingFrom(programs: readonly MetricsAt[], firstTrigger: number, scoreMetric: string | null): string[] {
  const before = new Set(programs.filter((p) => p.generation < firstTrigger).flatMap((p) => Object.keys(p.metrics)));
  const after = new Set<string>();
  for (const p of programs) if (p.generation >= firstTrigger) for (const k of numericKeys(p.metrics)) after.add(k);
  return [...after].filter((k) => !before.has(k) && k !== scoreMetric).sort();
}
