// Records as MongoDB documents: a record's `id` is the document's `_id`, reshaped here so nothing
// above the adapter sees `_id`.

/** A record stored as a document: its `id` kept as `_id`. */
export type Doc<T> = Omit<T, 'id'> & { _id: string };

/** The record a document holds, or null for no document. */
export const fromDoc = <T extends { id: string }>(doc: Doc<T> | null): T | null => {
  if (!doc) return null;
  const { _id, ...rest } = doc as Doc<T> & Record<string, unknown>;
  return { ...(rest as object), id: _id } as T;
};

/** The document that stores a record. */
export const toDoc = <T extends { id: string }>(record: T): Doc<T> => {
  const { id, ...rest } = record;
  return { ...rest, _id: id } as Doc<T>;
};
