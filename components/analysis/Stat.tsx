// One headline figure (same look as the run overview's RunHeadline).
import type { ReactNode } from 'react';

export function Stat({ label, children, id, hint }: { label: string; children: ReactNode; id?: string; hint?: string }) {
  return (
    <div className="stat" data-testid={id} title={hint}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
