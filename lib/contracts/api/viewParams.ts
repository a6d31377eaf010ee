// Search params of the analysis pages (cycling, evolution, compare): lenient, since a hand-edited
// URL should fall back to the defaults rather than fail.
import { cyclingQuerySchema, type CyclingQuery } from './analyses';
import { uuidSchema } from './params';

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** definitions and scope from a page's search params; defaults for anything missing or invalid. */
export function cyclingViewParams(sp: SearchParams): CyclingQuery {
  const defaults = cyclingQuerySchema.parse({});
  const d = cyclingQuerySchema.shape.definitions.safeParse(first(sp.definitions));
  const s = cyclingQuerySchema.shape.scope.safeParse(first(sp.scope));
  return { definitions: d.success ? d.data : defaults.definitions, scope: s.success ? s.data : defaults.scope };
}

/** Run ids of ?runs=a,b,c (also repeated ?runs=): valid UUIDs, first occurrence kept, at most `max`.
 *  The default lets "compare all" of one import through (a FunSearch export holds 33 runs). */
export const MAX_COMPARED_RUNS = 50;
/** The entries of ?runs= that are not run ids (a typo, a truncated link): the page names them. */
export function compareRunIdsIgnored(sp: SearchParams): string[] {
  const raw = sp.runs;
  const parts = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((r) => r.split(','));
  return parts.map((p) => p.trim()).filter((p) => p && !uuidSchema('run id').safeParse(p.toLowerCase()).success).map((p) => p.slice(0, 80));
}

export function compareRunIds(sp: SearchParams, max = MAX_COMPARED_RUNS): string[] {
  const raw = sp.runs;
  const parts = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((r) => r.split(','));
  const ids: string[] = [];
  for (const p of parts) {
    const id = p.trim().toLowerCase();
    if (uuidSchema('run id').safeParse(id).success && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, max);
}
