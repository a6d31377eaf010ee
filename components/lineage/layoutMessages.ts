// Messages between the lineage view and its layout worker. Index columns travel as typed arrays
// and coordinates come back as Float32Arrays, both transferred (moved, not copied).
import type { LayoutInput, LayoutMode, LineageLayout } from '@/lib/analysis/lineageLayout';
import type { RunGraph } from '@/lib/contracts/api/graph';

export interface LayoutRequest {
  id: number;
  aspect: number;
  input: LayoutInput;
}

export type LayoutResponse =
  | { id: number; ok: true; layout: LineageLayout; ms: number }
  | { id: number; ok: false; error: string };

/** The layout's input from the graph; the typed arrays are fresh, so they can be transferred. */
export function layoutRequest(id: number, graph: RunGraph, aspect: number): { request: LayoutRequest; transfer: Transferable[] } {
  const e = graph.edges;
  const input = {
    count: graph.count,
    iteration: graph.iteration,
    childIndex: Int32Array.from(e.childIndex),
    parentIndex: Int32Array.from(e.parentIndex),
    ghostExternalId: e.ghostExternalId,
    ordinal: Int32Array.from(e.ordinal),
  };
  return { request: { id, aspect, input }, transfer: [input.childIndex.buffer, input.parentIndex.buffer, input.ordinal.buffer] };
}

/** Every buffer of a layout, for the worker to transfer back. */
export function layoutTransfer(layout: LineageLayout): Transferable[] {
  const modes = Object.keys(layout.positions) as LayoutMode[];
  return [
    layout.edgeParent.buffer,
    layout.treeParent.buffer,
    ...modes.flatMap((m) => [layout.positions[m].x.buffer, layout.positions[m].y.buffer]),
  ];
}
