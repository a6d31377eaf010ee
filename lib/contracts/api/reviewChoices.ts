// A run offered when creating a review session: its size and the judges that labelled it.
export interface RunChoice {
  id: string;
  name: string;
  programs: number;
  /** With the origin, what tells apart runs of one name (lib/contracts/runOrigin.ts). */
  importedAt: string;
  origin: string;
  judges: { judge: string; judged: number }[];
}
