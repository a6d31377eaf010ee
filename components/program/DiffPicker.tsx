// A plain GET form: compare against another program of the run, by uuid or source id (or a prefix).
export function DiffPicker({ action, current }: { action: string; current: string }) {
  return (
    <form className="inline" method="get" action={action} role="search" aria-label="Compare against another program">
      <label htmlFor="against">Compare against</label>
      <input id="against" name="against" type="text" defaultValue={current} placeholder="program id (uuid), source id, or a prefix of either" required />
      <button type="submit">Show diff</button>
    </form>
  );
}
