import type { Random } from '@dt/errors';

/**
 * Standard normal deviates from a seeded `Random` (Marsaglia's polar method). Each call to `fill`
 * consumes the generator deterministically, so the same seed gives the same numbers.
 */
export class Gaussian {
  private spare = 0;
  private hasSpare = false;

  constructor(private readonly rng: Random) {}

  next(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.rng.next() - 1;
      v = 2 * this.rng.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * m;
    this.hasSpare = true;
    return u * m;
  }

  /** Fills `out[from..to)` with independent N(0, 1) values. */
  fill(out: Float64Array, from = 0, to = out.length): void {
    for (let i = from; i < to; i++) out[i] = this.next();
  }
}
