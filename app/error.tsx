'use client';
// A server-rendered page whose data could not be read. The common cause in a running Evoscope is
// the database restarting after a crash (npm start supervises it), so the page says so and tries
// again by itself; production builds hide the error's text, so its digest is what the log names.
import { useRouter } from 'next/navigation';
import { startTransition, useEffect } from 'react';

const RETRY_MS = 3000;

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  useEffect(() => {
    const t = setInterval(() => startTransition(() => {
      router.refresh();
      reset();
    }), RETRY_MS);
    return () => clearInterval(t);
  }, [router, reset]);
  return (
    <div role="status" data-testid="reconnecting" className="reconnecting-banner">
      This page could not be loaded: the database may be reconnecting. Retrying every few seconds
      {error.digest ? ` (error ${error.digest} in the server log)` : ''}.
    </div>
  );
}
