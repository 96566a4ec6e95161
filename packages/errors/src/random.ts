/**
 * Seeded random source shared by every dt package. All randomness flows through an injected
 * `Random`, so the same input and seed always give the same model.
 */
import { InvalidArgumentError } from './dt-error.js';

/** A seeded source of randomness: `next()` uniform in [0, 1), `int(n)` uniform in 0..n-1 (see createRandom). */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** A new independent generator derived from this one (for folds, trees, workers). */
  fork(): Random;
}

/** Mulberry32-seeded xoshiro128** — small, fast, good statistical quality, 32-bit state words. */
export class Xoshiro128 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    if (typeof seed !== 'number' || !Number.isFinite(seed)) throw new InvalidArgumentError('seed', 'a finite number', seed);
    // splitmix32 expands the seed so nearby seeds give unrelated streams.
    let s = seed >>> 0;
    const sm = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** The next 32-bit output of the generator, as an unsigned integer in [0, 2^32). */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  next(): number {
    // 53 random bits for a full-precision double.
    const hi = this.nextUint32() >>> 5;
    const lo = this.nextUint32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  int(n: number): number {
    // Lemire-free simple rejection to stay unbiased for any n < 2^32.
    if (n <= 0) return 0;
    // NaN, fractions and n > 2^32 would never pass the rejection test below: refused, not a hang.
    if (!(n <= 0x100000000 && Math.floor(n) === n)) throw new InvalidArgumentError('n', 'an integer in [1, 2^32]', n);
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const r = this.nextUint32();
      if (r < limit) return r % n;
    }
  }

  fork(): Random {
    return new Xoshiro128(this.nextUint32());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The seeded generator every dt randomness comes from (Xoshiro128): same seed, same sequence. */
export function createRandom(seed: number): Random {
  return new Xoshiro128(seed);
}

/** In-place Fisher–Yates shuffle of a typed or plain array. */
export function shuffleInPlace(arr: { length: number; [i: number]: number }, rng: Random): void {
  if (!Array.isArray(arr) && !(ArrayBuffer.isView(arr) && !(arr instanceof DataView))) throw new InvalidArgumentError('arr', 'an array or typed array', arr);
  if (typeof rng !== 'object' || rng === null || typeof rng.int !== 'function') throw new InvalidArgumentError('rng', 'a Random (createRandom(seed))', rng);
  for (let i = arr.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = t;
  }
}
