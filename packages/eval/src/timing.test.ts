import { afterEach, describe, expect, it, vi } from 'vitest';
import { measure, measureAsync } from './index.js';

/**
 * Burns process CPU until `process.cpuUsage` itself has advanced by `ms`: ends however loaded the
 * machine (a descheduled process burns no CPU time and waits longer), and counts at least one pass.
 * No assertion below compares against a wall-clock duration, so load cannot make this file flake.
 */
function burnCpu(ms: number): number {
  const c0 = process.cpuUsage();
  let x = 0;
  for (;;) {
    x++;
    const d = process.cpuUsage(c0);
    if (d.user + d.system >= ms * 1000) return x;
  }
}

/** Scripted clocks: `advance(wallMs, cpuMs)` moves both; nothing depends on the machine's load. */
function fakeClocks() {
  let wall = 1000;
  let cpuMicros = 5_000_000;
  vi.spyOn(performance, 'now').mockImplementation(() => wall);
  vi.spyOn(process, 'cpuUsage').mockImplementation((prev?: NodeJS.CpuUsage) => {
    const user = cpuMicros * 0.75;
    const system = cpuMicros * 0.25;
    return prev ? { user: user - prev.user, system: system - prev.system } : { user, system };
  });
  return (wallMs: number, cpuMs: number) => {
    wall += wallMs;
    cpuMicros += cpuMs * 1000;
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('measure', () => {
  it('reports exactly the wall and CPU time that passed inside fn (user + system)', () => {
    const advance = fakeClocks();
    advance(3, 1); // before: not counted
    const m = measure(() => {
      advance(20, 12);
      return 'r';
    });
    advance(7, 7); // after: not counted
    expect(m).toEqual({ result: 'r', wallMs: 20, cpuMs: 12 });
  });

  it('counts real CPU time: at least what process.cpuUsage saw burnt inside fn', () => {
    const m = measure(() => burnCpu(20));
    expect(m.result).toBeGreaterThan(0);
    expect(m.cpuMs).not.toBeNull();
    expect(m.cpuMs!).toBeGreaterThanOrEqual(20);
    expect(m.wallMs).toBeGreaterThan(0);
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
    const advance = fakeClocks();
    const m = await measureAsync(async () => {
      await Promise.resolve();
      advance(30, 0); // idle wait: wall moves, CPU does not
      await Promise.resolve();
      advance(5, 4);
      return 'done';
    });
    expect(m).toEqual({ result: 'done', wallMs: 35, cpuMs: 4 });
  });

  it('accepts synchronous functions too', async () => {
    await expect(measureAsync(() => 7)).resolves.toMatchObject({ result: 7 });
    await expect(measureAsync(null as never)).rejects.toThrow('fn must be a function');
  });
});
