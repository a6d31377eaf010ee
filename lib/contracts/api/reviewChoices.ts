// A run offered when creating a review session: its size and the judges that labelled it.
export interface RunChoice {
  id: string;
  name: string;
  programs: number;
  judges: { judge: string; judged: number }[];
}
