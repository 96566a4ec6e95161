import { describe, expect, it } from 'vitest';
import { measure, measureAsync } from './index.js';

function spin(ms: number): number {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x++;
  return x;
}

describe('measure', () => {
  it('returns the result with wall and CPU milliseconds', () => {
    const m = measure(() => spin(20));
    expect(m.result).toBeGreaterThan(0);
    expect(m.wallMs).toBeGreaterThanOrEqual(20);
    expect(m.cpuMs).not.toBeNull();
    // A busy loop burns CPU; allow for coarse process clocks.
    expect(m.cpuMs!).toBeGreaterThan(5);
  });

  it('reports cpuMs null (not NaN) where process.cpuUsage is missing', () => {
    const original = process.cpuUsage;
    (process as { cpuUsage?: unknown }).cpuUsage = undefined;
    try {
      const m = measure(() => 42);
      expect(m).toMatchObject({ result: 42, cpuMs: null });
      expect(Number.isFinite(m.wallMs)).toBe(true);
    } finally {
      process.cpuUsage = original;
    }
  });

  it('propagates errors and rejects non-functions', () => {
    expect(() =>
      measure(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(() => measure(42 as never)).toThrow('fn must be a function, got 42');
  });
});

describe('measureAsync', () => {
  it('awaits the promise; wall time covers idle waiting, CPU time does not', async () => {
    const m = await measureAsync(() => new Promise<string>((r) => setTimeout(() => r('done'), 30)));
    expect(m.result).toBe('done');
    expect(m.wallMs).toBeGreaterThanOrEqual(25);
    expect(m.cpuMs!).toBeLessThan(m.wallMs);
  });

  it('accepts synchronous functions too', async () => {
    await expect(measureAsync(() => 7)).resolves.toMatchObject({ result: 7 });
    await expect(measureAsync(null as never)).rejects.toThrow('fn must be a function');
  });
});
