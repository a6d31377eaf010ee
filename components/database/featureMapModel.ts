// PREPARE: an OpenEvolve island feature map (cell key "i-j" -> program) as grid cells. OpenEvolve
// keys cells by the bin indices joined with '-'; keys that are not two integers are kept as a list.
export type FeatureGrid = { twoD: boolean; cols: number; rows: number; cells: { key: string; col: number; row: number; program: string }[] };

export function featureGrid(map: Record<string, string>): FeatureGrid {
  const cells = Object.entries(map).map(([key, program]) => {
    const m = /^(\d+)-(\d+)$/.exec(key);
    return { key, col: m ? Number(m[1]) : -1, row: m ? Number(m[2]) : -1, program };
  });
  const twoD = cells.every((c) => c.col >= 0);
  return {
    twoD,
    cols: twoD ? Math.max(0, ...cells.map((c) => c.col)) + 1 : 0,
    rows: twoD ? Math.max(0, ...cells.map((c) => c.row)) + 1 : 0,
    cells,
  };
}
