import { describe, expect, it } from 'vitest';
import { limitRefusal } from './limits';

const max = { maxTimeoutSeconds: 600, maxMemoryMb: 4096, maxConcurrency: 2 };

describe('limitRefusal', () => {
  it('accepts what is at most the maxima, and what is not asked', () => {
    expect(limitRefusal({}, max)).toBeNull();
    expect(limitRefusal({ timeoutSeconds: 600, memoryMb: 4096, concurrency: 2 }, max)).toBeNull();
  });
  it('names the field, the limit and where it is set', () => {
    expect(limitRefusal({ timeoutSeconds: 86400 }, max)).toBe('timeoutSeconds: at most 600 s on this Evoscope (an owner sets the maximum on Settings); asked 86400');
    expect(limitRefusal({ memoryMb: 65536 }, max)).toMatch(/^memoryMb: at most 4096 MB/);
    expect(limitRefusal({ concurrency: 64 }, max)).toMatch(/^concurrency: at most 2 sandboxes at once/);
  });
});
