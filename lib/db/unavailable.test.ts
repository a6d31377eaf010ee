// Which errors mean "the database is restarting" (answered 503, waited through by pages), and
// that a read waits through such errors but not through others.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, waitingForDatabase } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows refused and dropped connections, PostgreSQL starting up or shutting down, wrapped or not', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const prisma = Object.assign(new Error('request failed'), { code: 'P2010', cause: { originalCode: '57P01', kind: 'postgres', code: '57P01' } });
    expect(isDatabaseUnavailable(prisma)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves everything else alone', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'open' }))).toBe(false); // a missing file
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'connect' }))).toBe(true); // a missing socket
  });
});

describe('waitingForDatabase', () => {
  it('retries while the database is away, then answers', async () => {
    let calls = 0;
    const v = await waitingForDatabase(async () => {
      if (++calls < 3) throw withCode('ECONNREFUSED');
      return 'run';
    }, 1000, 10);
    expect({ v, calls }).toEqual({ v: 'run', calls: 3 });
  });

  it('throws other errors at once, and gives up after its time', async () => {
    let calls = 0;
    await expect(waitingForDatabase(async () => {
      calls++;
      throw new TypeError('bug');
    }, 1000, 10)).rejects.toThrow('bug');
    expect(calls).toBe(1);
    const t = Date.now();
    await expect(waitingForDatabase(async () => {
      throw withCode('ECONNREFUSED');
    }, 100, 10)).rejects.toThrow();
    expect(Date.now() - t).toBeLessThan(1000);
  });
});
