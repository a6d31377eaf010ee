// A mark on a line of a diff's modified side: DiffViewer takes them, MonacoDiff draws them.
/** A mark on one line (1-based) of the modified source. */
export interface LineDecoration {
  line: number;
  className: string;
  gutterClassName?: string;
  /** Markdown shown on hover. */
  hover: string;
}
