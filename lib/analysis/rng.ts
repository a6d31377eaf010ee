// A small seeded PRNG (sfc32, seeded through splitmix32) for demo data. Demo runs must be
// byte-identical for a given seed, so nothing here reads Math.random or the clock.

function splitmix32(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a over a string: turns labels and code text into 32-bit seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    const init = splitmix32(typeof seed === 'string' ? hash32(seed) : seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.u32(); // warm up: sfc32 mixes poorly in its first outputs
  }

  /** Next unsigned 32-bit integer (sfc32). */
  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Uniform float in [lo, hi). */
  float(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('Rng.pick: empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks an item with probability proportional to its weight (weights >= 0, not all 0). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + Math.max(0, w), 0);
    if (!(total > 0)) throw new Error('Rng.weighted: no positive weight');
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= Math.max(0, w);
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** Normal deviate (Box-Muller). */
  gaussian(mean = 0, sd = 1): number {
    const u = 1 - this.next(); // (0, 1]: log(0) never happens
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** A UUID-v4-shaped id drawn from this generator (not a real random UUID). */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const a = hex(this.u32());
    const b = hex(this.u32());
    const c = hex(this.u32());
    const d = hex(this.u32());
    const variant = ((parseInt(c[0], 16) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
  }

  /** An independent stream derived from this seed and a label, so adding draws in one
   * part of the generator does not shift every draw elsewhere. */
  fork(label: string): Rng {
    return new Rng((this.u32() ^ hash32(label)) >>> 0);
  }
}
