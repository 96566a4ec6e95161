import { describe, expect, it } from 'vitest';
import { z } from './schema.js';

const int = z.number().int();
const s = z.object({
  n: int.min(1),
  xs: z.array(z.number().refine(Number.isFinite, 'must be a finite number')),
  kind: z.array(z.union([z.literal(0), z.literal(1)])),
  e: z.enum(['a', 'b']),
  names: z.array(z.string()).nullable(),
  opt: z.array(int.min(0)).optional(),
  params: z.record(z.string(), z.unknown()),
});
const good = { n: 2, xs: [1.5], kind: [0, 1], e: 'a', names: null, params: { k: 1 } };

describe('schema', () => {
  it('accepts a valid value and returns it', () => {
    expect(s.safeParse(good)).toEqual({ success: true, data: good });
    expect(s.safeParse({ ...good, names: ['x'], opt: [0] }).success).toBe(true);
  });

  it.each([
    [{ ...good, n: 0 }, ['n'], /expected a number >= 1/],
    [{ ...good, n: 1.5 }, ['n'], /integer/],
    [{ ...good, xs: [1, Infinity] }, ['xs', 1], /finite/],
    [{ ...good, xs: [1, 'x'] }, ['xs', 1], /expected number, received string/],
    [{ ...good, kind: [2] }, ['kind', 0], /invalid input/],
    [{ ...good, e: 'c' }, ['e'], /one of "a"\|"b"/],
    [{ ...good, names: 'x' }, ['names'], /expected array/],
    [{ ...good, opt: [-1] }, ['opt', 0], />= 0/],
    [{ ...good, params: [] }, ['params'], /expected record, received array/],
    [{ n: 1 }, ['xs'], /expected array, received undefined/],
    [null, [], /expected object, received null/],
  ])('reports the first issue with its path (%#)', (value, path, message) => {
    const r = s.safeParse(value);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.error.issues[0]!.path).toEqual(path);
    expect(r.error.issues[0]!.message).toMatch(message);
  });
});
