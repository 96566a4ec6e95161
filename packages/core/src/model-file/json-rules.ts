/**
 * Field rules for model files: small functions a value either passes (null) or fails with zod's
 * message wording ("expected number, received string"), and a walker that returns the first issue
 * with its path. What model-format.ts checks a tree file with — a table of rules per field instead of
 * a schema object per field, so a browser bundle that reads model files (loadModel, or fromJSON after
 * `import '@dt/core/load'`) carries a few hundred bytes for it.
 */
import type { Issue } from './schema.js';

/** A check of one value: null when it passes, else the message. */
export type Rule = (v: unknown) => string | null;

const show = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

/** `typeof v === type`. */
export const typed =
  (type: string): Rule =>
  (v) =>
    typeof v === type ? null : `expected ${type}, received ${show(v)}`;

const number = typed('number');

/** An integer >= lo (lo: -Infinity for any integer). */
export const intAtLeast =
  (lo: number): Rule =>
  (v) =>
    number(v) ?? (!Number.isInteger(v) ? 'expected an integer' : (v as number) >= lo ? null : `expected a number >= ${lo}`);

/** A finite number. */
export const finite: Rule = (v) => number(v) ?? (Number.isFinite(v) ? null : 'must be a finite number');

/** null, or what `rule` accepts. */
export const orNull =
  (rule: Rule): Rule =>
  (v) =>
    v === null ? null : rule(v);

/** A plain object (zod's z.record of anything). */
export const record: Rule = (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? null : `expected record, received ${show(v)}`);

/** One of `values` (zod's union of literals: "invalid input"). */
export const among =
  (...values: readonly unknown[]): Rule =>
  (v) =>
    values.includes(v) ? null : 'invalid input';

/** A field's rule: a Rule for the value, `[rule]` for an array of such values, `[rule, 'or null']` for such an array or null. */
export type FieldRule = Rule | readonly [Rule] | readonly [Rule, 'or null'];

/**
 * The first issue of `value` against `fields` (`optional` keys may be absent), with paths under
 * `path`; null when every field passes.
 */
export function checkFields(
  value: unknown,
  fields: Readonly<Record<string, FieldRule>>,
  path: (string | number)[],
  optional: readonly string[] = [],
): Issue | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { path, message: `expected object, received ${show(value)}` };
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const rule = fields[key]!;
    const v = o[key];
    const at = [...path, key];
    if (v === undefined && optional.includes(key)) continue;
    if (typeof rule === 'function') {
      const message = rule(v);
      if (message !== null) return { path: at, message };
      continue;
    }
    if (v === null && rule.length === 2) continue;
    if (!Array.isArray(v)) return { path: at, message: `expected array, received ${show(v)}` };
    for (let i = 0; i < v.length; i++) {
      const message = rule[0](v[i]);
      if (message !== null) return { path: [...at, i], message };
    }
  }
  return null;
}
