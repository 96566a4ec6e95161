import { InvalidArgumentError } from '@dt/errors';

/**
 * The entry check of the numeric functions: a number that is not NaN. Symbols, BigInts, strings and
 * arrays would throw raw TypeErrors in the arithmetic or be coerced silently (an array's `+` is string
 * concatenation: one incomplete-beta call on one ran for seconds).
 */
export function checkNumber(name: string, v: unknown): asserts v is number {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new InvalidArgumentError(name, 'a number', v);
}
