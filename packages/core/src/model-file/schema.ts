/**
 * A minimal structural validator for model files, with the subset of zod's API the model formats use
 * (`z.object`, `z.array`, `z.number().int().min()`, `.refine`, `.optional()`, `.nullable()`, ...).
 * Why not zod: measured with esbuild (min+gz), zod 4 adds 138 KB and `zod/mini` still 7.5 KB to a
 * browser bundle; this file is under 1 KB. Issues carry zod's shape ({ path, message }) so errors read
 * the same. Used by @dt/stream's format; core's own model file is checked with the
 * smaller field rules of json-rules.ts (a DecisionTreeClassifier bundle has a 20 KB goal, size-budgets.json).
 */

export interface Issue {
  path: (string | number)[];
  message: string;
}

export type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

type Check = (v: unknown, path: (string | number)[]) => Issue | null;

/** A schema for values of type T. */
export class Schema<T> {
  declare readonly _output: T;
  constructor(readonly check: Check) {}

  safeParse(v: unknown): SafeParse<T> {
    const issue = this.check(v, []);
    return issue === null ? { success: true, data: v as T } : { success: false, error: { issues: [issue] } };
  }

  /** Also requires `ok(value)`; `message` when it fails. */
  refine(ok: (v: T) => boolean, message: string): Schema<T> {
    return new Schema<T>((v, path) => this.check(v, path) ?? (ok(v as T) ? null : { path, message }));
  }

  optional(): Schema<T | undefined> {
    return new Schema<T | undefined>((v, path) => (v === undefined ? null : this.check(v, path)));
  }

  nullable(): Schema<T | null> {
    return new Schema<T | null>((v, path) => (v === null ? null : this.check(v, path)));
  }
}

/** A number schema with integer and lower-bound refinements. */
export class NumberSchema extends Schema<number> {
  int(): NumberSchema {
    return new NumberSchema((v, path) => this.check(v, path) ?? (Number.isInteger(v) ? null : { path, message: 'expected an integer' }));
  }

  min(lo: number): NumberSchema {
    return new NumberSchema((v, path) => this.check(v, path) ?? ((v as number) >= lo ? null : { path, message: `expected a number >= ${lo}` }));
  }
}

const show = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
const typed = (type: string) => (v: unknown, path: (string | number)[]) =>
  typeof v === type ? null : { path, message: `expected ${type}, received ${show(v)}` };

type Shape = Record<string, Schema<unknown>>;
/** The value type of a schema (zod's `z.infer`). */
export type Infer<S> = S extends Schema<infer T> ? T : never;
type Optional<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
type ObjectOf<S extends Shape> = { [K in Exclude<keyof S, Optional<S>>]: Infer<S[K]> } & { [K in Optional<S>]?: Infer<S[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const z = {
  number: (): NumberSchema => new NumberSchema(typed('number')),
  string: (): Schema<string> => new Schema<string>(typed('string')),
  unknown: (): Schema<unknown> => new Schema<unknown>(() => null),
  literal: <const T extends string | number>(value: T): Schema<T> =>
    new Schema<T>((v, path) => (v === value ? null : { path, message: `expected ${JSON.stringify(value)}` })),
  enum: <const T extends readonly string[]>(values: T): Schema<T[number]> =>
    new Schema<T[number]>((v, path) => (values.includes(v as string) ? null : { path, message: `expected one of ${values.map((x) => JSON.stringify(x)).join('|')}` })),
  union: <const S extends readonly Schema<unknown>[]>(options: S): Schema<Infer<S[number]>> =>
    new Schema<Infer<S[number]>>((v, path) => (options.some((o) => o.check(v, path) === null) ? null : { path, message: 'invalid input' })),
  array: <T>(item: Schema<T>): Schema<T[]> =>
    new Schema<T[]>((v, path) => {
      if (!Array.isArray(v)) return { path, message: `expected array, received ${show(v)}` };
      for (let i = 0; i < v.length; i++) {
        const issue = item.check(v[i], [...path, i]);
        if (issue !== null) return issue;
      }
      return null;
    }),
  record: <T>(_key: Schema<string>, value: Schema<T>): Schema<Record<string, T>> =>
    new Schema<Record<string, T>>((v, path) => {
      if (!isRecord(v)) return { path, message: `expected record, received ${show(v)}` };
      for (const k of Object.keys(v)) {
        const issue = value.check(v[k], [...path, k]);
        if (issue !== null) return issue;
      }
      return null;
    }),
  object: <S extends Shape>(shape: S): Schema<Flat<ObjectOf<S>>> =>
    new Schema<Flat<ObjectOf<S>>>((v, path) => {
      if (!isRecord(v)) return { path, message: `expected object, received ${show(v)}` };
      for (const k of Object.keys(shape)) {
        const issue = shape[k]!.check(v[k], [...path, k]);
        if (issue !== null) return issue;
      }
      return null;
    }),
};
