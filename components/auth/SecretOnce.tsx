'use client';
// A secret shown once (token, invitation or share link): copy it now, it is not stored readable.
import { useState } from 'react';

export function SecretOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret-once" role="status">
      <span>{label} (shown once: copy it now)</span>
      <code data-testid={testId}>{value}</code>
      <button type="button" onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
