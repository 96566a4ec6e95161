import { closestName } from './closest-name.js';
import { InvalidArgumentError } from './dt-error.js';

/**
 * Boundary validators. Each returns the value (typed) or throws an InvalidArgumentError naming the
 * argument. Call them once where options enter the public API, never inside kernels.
 */

export function positiveInt(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InvalidArgumentError(name, 'a positive integer', value);
  }
  return value;
}

/** Checks an integer >= 0 and returns it; InvalidArgumentError naming `name` otherwise. */
export function nonNegativeInt(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InvalidArgumentError(name, 'a non-negative integer', value);
  }
  return value;
}

/** Checks an integer >= `min` and returns it; InvalidArgumentError naming `name` otherwise. */
export function intAtLeast(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InvalidArgumentError(name, `an integer >= ${min}`, value);
  }
  return value;
}

/** Checks a finite number and returns it; InvalidArgumentError naming `name` otherwise. */
export function finiteNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidArgumentError(name, 'a finite number', value);
  }
  return value;
}

/** Checks a finite number >= 0 and returns it; InvalidArgumentError naming `name` otherwise. */
export function nonNegativeNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError(name, 'a finite number >= 0', value);
  }
  return value;
}

/** A number in the open interval (lo, hi), or closed ends when asked. */
export function numberInRange(
  name: string,
  value: unknown,
  lo: number,
  hi: number,
  { loInclusive = false, hiInclusive = false } = {},
): number {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (loInclusive ? value >= lo : value > lo) &&
    (hiInclusive ? value <= hi : value < hi);
  if (!ok) {
    const l = loInclusive ? '[' : '(';
    const h = hiInclusive ? ']' : ')';
    throw new InvalidArgumentError(name, `a number in ${l}${lo}, ${hi}${h}`, value);
  }
  return value as number;
}

/** Checks a boolean and returns it; InvalidArgumentError naming `name` otherwise (no truthy coercion). */
export function booleanValue(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InvalidArgumentError(name, 'a boolean', value);
  return value;
}

/** `value` if it is one of `allowed`; else an error listing them (with a did-you-mean for a near string). */
export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const e = new InvalidArgumentError(name, `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`, value);
    const near = typeof value === 'string' ? closestName(value, allowed) : null;
    if (near !== null) e.message += `; did you mean ${JSON.stringify(near)}?`;
    throw e;
  }
  return value as T;
}

/** A 32-bit unsigned integer seed. */
export function seedValue(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new InvalidArgumentError(name, 'an integer in [0, 2^32)', value);
  }
  return value;
}

/** Rejects keys that are not in `known`, so a misspelt option never passes silently (with a did-you-mean). */
export function knownKeys(name: string, options: object, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const near = closestName(key, known);
      const hint = near === null ? '' : `; did you mean ${near}?`;
      throw new InvalidArgumentError(`${name}.${key}`, `one of the known options (${known.join(', ')}${hint})`, key);
    }
  }
}


/** Checks a plain object (options) and returns it as a record; InvalidArgumentError naming `name` otherwise. */
export function plainObject(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(name, 'an options object', value);
  }
  return value as Record<string, unknown>;
}

export { closestName };
