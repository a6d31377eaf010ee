// PREPARE: islands as lanes over time (issue 12). One lane per island; along it the island's size
// (bars) and best score (line) at every snapshot; resets as marks with their donor; migrations as
// arrows from the origin lane to the destination lane. Time is the first clock every snapshot and
// event shares (iteration, else programs stored, else timestamp), so events fall between snapshots.
import { line, scaleLinear } from 'd3';
import type { SearchStateResponse } from '@/lib/contracts/api/searchStateSchemas';

type Moment = SearchStateResponse['snapshots'][number]['at'];
export type Clock = 'iteration' | 'stored' | 'timestamp';

export function pickClock(moments: Moment[]): Clock | null {
  for (const c of ['iteration', 'stored', 'timestamp'] as const) if (moments.length && moments.every((m) => m[c] !== null)) return c;
  return null;
}

export type LaneChart = {
  width: number;
  height: number;
  clock: Clock | 'snapshot';
  laneHeight: number;
  barWidth: number;
  left: number;
  lanes: { island: number; y: number; bars: { x: number; y: number; h: number; size: number; seq: number }[]; bestPath: string | null }[];
  resets: { x: number; y: number; island: number; donor: number | null; label: string }[];
  migrations: { x: number; y1: number; y2: number; from: number; to: number; label: string }[];
  snapshotX: Map<number, number>;
  ticks: { x: number; label: string }[];
};

const LANE = 44;
const LEFT = 70;

export function prepareLanes(state: Pick<SearchStateResponse, 'snapshots' | 'events'>, width: number): LaneChart {
  const { snapshots, events } = state;
  const clock = pickClock([...snapshots.map((s) => s.at), ...events.map((e) => e.at)]);
  const t = (m: Moment, i: number) => (clock ? (m[clock] as number) : i);
  const times = snapshots.map((s, i) => t(s.at, i)).concat(clock ? events.map((e) => t(e.at, 0)) : []);
  const lo = Math.min(...times, 0);
  const hi = Math.max(...times, lo + 1);
  const x = scaleLinear().domain([lo, hi]).range([LEFT + 8, Math.max(LEFT + 60, width - 12)]);
  const islands = [...new Set(snapshots.flatMap((s) => s.islands.map((i) => i.island)).concat(events.map((e) => e.island)))].sort((a, b) => a - b);
  const laneY = new Map(islands.map((id, k) => [id, 10 + k * LANE]));
  const maxSize = Math.max(1, ...snapshots.flatMap((s) => s.islands.map((i) => i.size ?? 0)));
  const scores = snapshots.flatMap((s) => s.islands.map((i) => i.bestScore)).filter((v): v is number => v !== null && Number.isFinite(v));
  const sLo = scores.length ? Math.min(...scores) : 0;
  const sHi = scores.length ? Math.max(...scores) : 1;
  const barW = Math.max(2, Math.min(10, (width - LEFT) / Math.max(1, snapshots.length) - 2));
  const lanes = islands.map((id) => {
    const y0 = laneY.get(id)!;
    const sy = scaleLinear().domain(sHi > sLo ? [sLo, sHi] : [sLo - 1, sHi + 1]).range([y0 + LANE - 8, y0 + 4]);
    const pts: [number, number][] = [];
    const bars = snapshots.flatMap((s, i) => {
      const isl = s.islands.find((v) => v.island === id);
      if (!isl) return [];
      const cx = x(t(s.at, i));
      if (isl.bestScore !== null && Number.isFinite(isl.bestScore)) pts.push([cx, sy(isl.bestScore)]);
      const h = ((isl.size ?? 0) / maxSize) * (LANE - 8);
      return [{ x: cx - barW / 2, y: y0 + LANE - 4 - h, h, size: isl.size ?? 0, seq: s.seq }];
    });
    return { island: id, y: y0, bars, bestPath: pts.length ? line()(pts) : null };
  });
  const mid = (id: number | null) => (id === null ? null : (laneY.get(id) ?? null) === null ? null : laneY.get(id)! + LANE / 2);
  const when = (m: Moment) => (clock ? `${clock} ${m[clock]}` : '');
  const resets = clock
    ? events.filter((e) => e.kind === 'reset').map((e) => ({ x: x(t(e.at, 0)), y: mid(e.island)!, island: e.island, donor: e.otherIsland, label: `island ${e.island} reset${e.otherIsland !== null ? ` from island ${e.otherIsland}` : ''} at ${when(e.at)}${e.program ? ` (program ${e.program})` : ''}` }))
    : [];
  const migrations = clock
    ? events
        .filter((e) => e.kind === 'migration' && e.otherIsland !== null && laneY.has(e.otherIsland))
        .map((e) => ({ x: x(t(e.at, 0)), y1: mid(e.otherIsland)!, y2: mid(e.island)!, from: e.otherIsland!, to: e.island, label: `migration island ${e.otherIsland} → ${e.island} at ${when(e.at)}${e.program ? ` (${e.program})` : ''}` }))
    : [];
  return {
    width,
    height: 10 + islands.length * LANE + 24,
    clock: clock ?? 'snapshot',
    laneHeight: LANE,
    barWidth: barW,
    left: LEFT,
    lanes,
    resets,
    migrations,
    snapshotX: new Map(snapshots.map((s, i) => [s.seq, x(t(s.at, i))])),
    ticks: x.ticks(6).map((v) => ({ x: x(v), label: String(v) })),
  };
}
