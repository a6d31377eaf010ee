// What the lineage explorer keeps in its URL (?node=<uuid>&color=score&layout=timeline, or
// color=metric&metric=<name> for any numeric metric, color=label&label=<edit label>; rejected=1
// shows the programs the search rejected, context=selected|all draws context edges) and the
// "find program" lookup. Pure: shared by the server page (which parses the initial URL) and the
// client view (which writes it back).
import { z } from 'zod';
import { LAYOUT_MODES, type LayoutMode } from '@/lib/analysis/lineageLayout';
import { EDIT_LABELS, type EditLabel } from '@/lib/contracts/editLabels';
import { COLOR_MODES, type ColorMode } from './lineageColors';

/** Which context edges are drawn: none (the default), the selected program's, or all. */
export const CONTEXT_MODES = ['selected', 'all'] as const;
export type ContextMode = 'off' | (typeof CONTEXT_MODES)[number];

/** Unknown or malformed values fall back to the defaults instead of failing the page. */
export const lineageViewSchema = z.object({
  node: z.guid().optional().catch(undefined),
  color: z.enum(COLOR_MODES).catch('score'),
  layout: z.enum(LAYOUT_MODES).catch('tree'),
  metric: z.string().min(1).max(200).optional().catch(undefined),
  label: z.enum(EDIT_LABELS).optional().catch(undefined),
  /** Show programs the search rejected (hidden by default). Absent when off. */
  rejected: z.literal('1').transform(() => true as const).optional().catch(undefined),
  /** Draw context edges (programs shown to the LLM) of the selected node, or all. Absent when off. */
  context: z.enum(CONTEXT_MODES).optional().catch(undefined),
});
export type LineageView = z.infer<typeof lineageViewSchema>;

export function parseLineageView(search: Record<string, string | string[] | undefined>): LineageView {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const view = lineageViewSchema.parse({
    node: first(search.node),
    color: first(search.color),
    layout: first(search.layout),
    metric: first(search.metric),
    label: first(search.label),
    rejected: first(search.rejected),
    context: first(search.context),
  });
  // "Colour by metric" without a metric (or by label without a label) means nothing: the default colours instead.
  if (view.color === 'metric' && !view.metric) return { ...view, color: 'score' };
  if (view.color === 'label' && !view.label) return { ...view, color: 'score' };
  if (view.color !== 'label' && view.label) return { ...view, label: undefined };
  return view;
}

/** The query string of a view; keeps any other parameters of `current`. */
export function lineageViewQuery(
  current: string,
  view: {
    node: string | null; color: ColorMode; layout: LayoutMode; metric?: string | null; label?: EditLabel | null;
    rejected?: boolean; context?: ContextMode;
  },
): string {
  const q = new URLSearchParams(current);
  if (view.node) q.set('node', view.node);
  else q.delete('node');
  q.set('color', view.color);
  if (view.color === 'metric' && view.metric) q.set('metric', view.metric);
  else q.delete('metric');
  if (view.color === 'label' && view.label) q.set('label', view.label);
  else q.delete('label');
  q.set('layout', view.layout);
  if (view.rejected) q.set('rejected', '1');
  else q.delete('rejected');
  if (view.context && view.context !== 'off') q.set('context', view.context);
  else q.delete('context');
  return q.toString();
}

/**
 * The node a "find program" query means: an exact external id (ghosts included), else an exact
 * uuid, else the first program in seq order whose uuid or external id starts with the query.
 */
export function findNode(
  query: string,
  graph: { ids: readonly string[]; externalIds: readonly string[] },
  ghostIds: readonly string[] = [],
): number | null {
  const q = query.trim();
  if (!q) return null;
  const n = graph.ids.length;
  const exact = graph.externalIds.indexOf(q);
  if (exact >= 0) return exact;
  const ghost = ghostIds.indexOf(q);
  if (ghost >= 0) return n + ghost;
  const lower = q.toLowerCase();
  const byId = graph.ids.indexOf(lower);
  if (byId >= 0) return byId;
  for (let i = 0; i < n; i++) if (graph.ids[i].startsWith(lower)) return i;
  for (let i = 0; i < n; i++) if (graph.externalIds[i].startsWith(q)) return i;
  return null;
}
