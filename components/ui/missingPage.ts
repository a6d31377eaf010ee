// What a 404 names: the kind of thing the address asked for and its id, so a stale link says
// "no run has the id 1234…" rather than a blanket message (issue 24). Pure.
export interface MissingPage {
  title: string;
  detail: string;
}

const short = (id: string) => (id.length > 40 ? `${id.slice(0, 40)}…` : id);

export function describeMissing(pathname: string): MissingPage {
  const parts = pathname.split('/').filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  if (parts[0] === 'runs' && parts[1]) {
    if (parts[2] === 'programs' && parts[3]) {
      return { title: 'Program not found', detail: `Run ${short(parts[1])} has no program with the id ${short(parts[3])} (or the run itself is gone).` };
    }
    return { title: 'Run not found', detail: `No run has the id ${short(parts[1])}: it may have been deleted, or the link is mistyped.` };
  }
  if (parts[0] === 'review' && parts[1]) return { title: 'Review session not found', detail: `No review session has the id ${short(parts[1])}.` };
  if (parts[0] === 'share' && parts[1]) return { title: 'Share link not found', detail: 'This share link does not exist, has expired or was revoked.' };
  if (parts[0] === 'invite' && parts[1]) return { title: 'Invitation not found', detail: 'This invitation does not exist, has expired or was already used.' };
  return { title: 'Page not found', detail: `Evoscope has no page at ${short(pathname)}.` };
}
