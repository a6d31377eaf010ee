import type { Readable } from 'node:stream';

/**
 * Destroys a stream and waits until it has closed (for a file stream: until its descriptor is
 * closed), so that a failed read leaves no open handle behind and the folder can be removed.
 */
export async function closeStream(s: Readable): Promise<void> {
  if (s.closed) return;
  const closed = new Promise((resolve) => s.once('close', resolve));
  s.destroy();
  await closed;
}
