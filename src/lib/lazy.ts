// A value made on first use, then kept. For Intl formatters above all: each one costs a
// locale's (and a time zone's) data on construction, which at module level every page and the
// desk would pay as its scripts start, whether or not it ever formats that way.

/** A getter that makes the value on its first call and returns the same one after. */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
