// The few schema builders browser storage needs, with zod's `safeParse` shape. zod itself would add
// 9–17 KB gzipped to every catalogue page's first JavaScript (its core is shared with the checkout's
// validation), past the 90 KB page-weight budget; these do the same job for storage in well under
// 1 KB. Objects and records are read through their own properties only, and results are new plain
// objects that never take a '__proto__' key. The builders are marked free of side effects, so a
// bundle that imports one schema (the first-paint script) leaves the others out.

/** A schema: `safeParse` answers the value it accepts, or a failure. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The type a schema accepts. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

const ok = <T>(data: T) => ({ success: true as const, data });
const FAIL = { success: false as const };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string matching `pattern` (anchor it). */
/* @__NO_SIDE_EFFECTS__ */
export function text(pattern: RegExp): Schema<string> {
  return {
    safeParse: (value) => (typeof value === 'string' && pattern.test(value) ? ok(value) : FAIL),
  };
}

/** Exactly `expected`. */
/* @__NO_SIDE_EFFECTS__ */
export function literal<T extends string>(expected: T): Schema<T> {
  return { safeParse: (value) => (value === expected ? ok(expected) : FAIL) };
}

/** A finite number, above 0 (`positive`) or at least 0. */
/* @__NO_SIDE_EFFECTS__ */
export function number(range: 'positive' | 'nonnegative'): Schema<number> {
  return {
    safeParse: (value) =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (range === 'positive' ? value > 0 : value >= 0)
        ? ok(value)
        : FAIL,
  };
}

/** `schema`, or absent (undefined). */
/* @__NO_SIDE_EFFECTS__ */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return { safeParse: (value) => (value === undefined ? ok(undefined) : schema.safeParse(value)) };
}

/** A list of at most `max` items, each matching `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Schema<T>, max: number): Schema<T[]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value) || value.length > max) return FAIL;
      const out: T[] = [];
      for (const entry of value) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) return FAIL;
        out.push(parsed.data);
      }
      return ok(out);
    },
  };
}

/** An object whose own keys all match `key` and whose values all match `value`. */
/* @__NO_SIDE_EFFECTS__ */
export function record<T>(key: RegExp, value: Schema<T>): Schema<Record<string, T>> {
  return {
    safeParse(input) {
      if (!isPlainObject(input)) return FAIL;
      const out: Record<string, T> = {};
      for (const k of Object.keys(input)) {
        const parsed = value.safeParse(input[k]);
        if (k === '__proto__' || !key.test(k) || !parsed.success) return FAIL;
        out[k] = parsed.data;
      }
      return ok(out);
    },
  };
}

/** The keys of a shape whose schema accepts undefined (`optional`). */
type OptionalKeys<S> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];

/** What `object(shape)` accepts: optional fields become optional properties, as zod infers them. */
export type ObjectOf<S extends Record<string, Schema<unknown>>> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]>;
} & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> } extends infer T
  ? { [K in keyof T]: T[K] }
  : never;

/** An object with the fields of `shape` (read as own properties; other keys are dropped). */
/* @__NO_SIDE_EFFECTS__ */
export function object<S extends Record<string, Schema<unknown>>>(shape: S): Schema<ObjectOf<S>> {
  return {
    safeParse(input) {
      if (!isPlainObject(input)) return FAIL;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(shape)) {
        const parsed = shape[k]!.safeParse(Object.hasOwn(input, k) ? input[k] : undefined);
        if (!parsed.success) return FAIL;
        if (parsed.data !== undefined) out[k] = parsed.data;
      }
      return ok(out as ObjectOf<S>);
    },
  };
}

/** Anything, made into a `T` by `clean` (which drops what it cannot use). */
/* @__NO_SIDE_EFFECTS__ */
export function cleaned<T>(clean: (value: unknown) => T): Schema<T> {
  return { safeParse: (value) => ok(clean(value)) };
}
