import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { among, checkFields, finite, intAtLeast, orNull, record, typed, type Rule } from './json-rules.js';
import { z, type Schema } from './schema.js';

// Oracle: the schema objects model-format.ts used before these rules (schema.ts, zod's wording).
const num = z.number().refine(Number.isFinite, 'must be a finite number');
const pairs: [string, Rule, Schema<unknown>][] = [
  ['intAtLeast(0)', intAtLeast(0), z.number().int().min(0)],
  ['intAtLeast(1)', intAtLeast(1), z.number().int().min(1)],
  ['intAtLeast(-Infinity)', intAtLeast(Number.NEGATIVE_INFINITY), z.number().int()],
  ['finite', finite, num],
  ['orNull(finite)', orNull(finite), num.nullable()],
  ['among(0, 1, 2)', among(0, 1, 2), z.union([z.literal(0), z.literal(1), z.literal(2)])],
  ['typed("string")', typed('string'), z.string()],
  ['record', record, z.record(z.string(), z.unknown())],
];
const anyValue = fc.oneof(
  fc.double(),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0, 1, 2, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, null, undefined, '1', true, [], {}),
  fc.string(),
);

describe('json rules', () => {
  it.each(pairs)('%s gives the message of the schema it replaces, for any value (property)', (_, rule, schema) => {
    fc.assert(
      fc.property(anyValue, (v) => {
        const r = schema.safeParse(v);
        expect(rule(v)).toBe(r.success ? null : r.error.issues[0]!.message);
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('checkFields returns the first issue with its path, as z.object of z.array would (property)', () => {
    const fields = { a: intAtLeast(1), b: [orNull(finite)], c: [intAtLeast(0)], d: [typed('string'), 'or null'], e: record } as const;
    const schema = z.object({
      a: z.number().int().min(1),
      b: z.array(num.nullable()),
      c: z.array(z.number().int().min(0)).optional(),
      d: z.array(z.string()).nullable(),
      e: z.record(z.string(), z.unknown()),
    });
    const arrayOrValue = fc.oneof(fc.array(anyValue, { maxLength: 4 }), anyValue);
    const obj = fc.record({ a: anyValue, b: arrayOrValue, c: arrayOrValue, d: fc.oneof(fc.array(fc.oneof(fc.string(), anyValue), { maxLength: 3 }), anyValue), e: anyValue });
    fc.assert(
      fc.property(fc.oneof(obj, anyValue), (v) => {
        const r = schema.safeParse(v);
        expect(checkFields(v, fields, ['at'], ['c'])).toEqual(r.success ? null : { ...r.error.issues[0]!, path: ['at', ...r.error.issues[0]!.path] });
      }),
      { seed: 15, numRuns: 1000 },
    );
  });
});
