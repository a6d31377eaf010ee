'use client';
// Runs lib/analysis/lineageLayout.ts in a Web Worker for a loaded graph. The worker is started
// on mount, so its script loads while the graph is still being fetched.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LineageLayout } from '@/lib/analysis/lineageLayout';
import type { RunGraph } from '@/lib/contracts/api/graph';
import { layoutRequest, type LayoutResponse } from './layoutMessages';

export type LayoutState =
  | { status: 'idle' | 'running' }
  | { status: 'done'; layout: LineageLayout; ms: number }
  | { status: 'error'; error: string };

/** `frame` is the element the drawing will fill: the layout takes its aspect ratio. */
export function useLineageLayout(graph: RunGraph | undefined, frame: RefObject<HTMLElement | null>): LayoutState {
  const workerRef = useRef<Worker | null>(null);
  const [state, setState] = useState<LayoutState>({ status: 'idle' });

  useEffect(() => {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url));
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const worker = workerRef.current;
    if (!graph || !worker) return;
    const id = Date.now();
    const el = frame.current;
    const aspect = el && el.clientHeight > 0 ? el.clientWidth / el.clientHeight : 1.6;
    const started = performance.now();
    let live = true;
    worker.onmessage = (e: MessageEvent<LayoutResponse>) => {
      if (!live || e.data.id !== id) return;
      if (e.data.ok) {
        performance.measure('lineage:layout', { start: started, end: performance.now() });
        setState({ status: 'done', layout: e.data.layout, ms: e.data.ms });
      } else setState({ status: 'error', error: e.data.error });
    };
    worker.onerror = (e) => {
      if (live) setState({ status: 'error', error: e.message || 'the layout worker failed to start' });
    };
    setState({ status: 'running' });
    const { request, transfer } = layoutRequest(id, graph, aspect);
    worker.postMessage(request, transfer);
    return () => {
      live = false;
    };
  }, [graph, frame]);

  return state;
}
