// A segmented switch made of links, so every choice is a permalink and works without script.
import Link from 'next/link';

export interface SwitchOption {
  value: string;
  label: string;
  href: string;
}

export function ViewSwitch({ label, options, current }: { label: string; options: SwitchOption[]; current: string }) {
  return (
    <div className="view-switch" role="group" aria-label={label}>
      <span className="view-switch-label">{label}</span>
      {options.map((o) => (
        <Link key={o.value} href={o.href} replace scroll={false} aria-current={o.value === current ? 'true' : undefined}>
          {o.label}
        </Link>
      ))}
    </div>
  );
}
