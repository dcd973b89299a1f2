// The photo store in Netlify Blobs (production). Site-wide, not per deploy: an original imported
// once serves every later deploy.
import { getStore } from '@netlify/blobs';
import { assertContentName, assertPhotoName, PHOTO_NAME, type PhotoStore } from './port.ts';

/** The Netlify Blobs store that holds the originals. */
export const PHOTO_BLOBS_STORE = 'photos';

/**
 * How to reach Netlify Blobs. Empty inside Netlify (functions, build plugins): the library reads
 * NETLIFY_BLOBS_CONTEXT. Elsewhere a site id and a token, with `apiURL` (API access, as in a
 * build or from an owner's computer) or `edgeURL` (edge access, as in functions).
 */
export type BlobsAccess = {
  siteID?: string;
  token?: string;
  apiURL?: string;
  edgeURL?: string;
  /** The store's name; PHOTO_BLOBS_STORE unless a test keeps its own. */
  name?: string;
};

/** A photo store in the site's Netlify Blobs store `photos`. */
export function blobsPhotoStore(access: BlobsAccess = {}): PhotoStore {
  const { name = PHOTO_BLOBS_STORE, ...client } = access;
  const store = getStore({ name, ...client });
  return {
    where: `the Netlify Blobs store "${name}"`,
    async put(key, bytes) {
      assertContentName(key, bytes);
      if (await store.getMetadata(key)) return 'kept';
      // onlyIfNew: two writers of the same photo at once leave one original, never a mixture.
      const copy = new Uint8Array(bytes.byteLength);
      copy.set(bytes);
      const { modified } = await store.set(key, copy.buffer, { onlyIfNew: true });
      return modified ? 'added' : 'kept';
    },
    async get(key) {
      assertPhotoName(key);
      const data = await store.get(key, { type: 'arrayBuffer' });
      return data === null ? null : Buffer.from(data);
    },
    async has(key) {
      assertPhotoName(key);
      return (await store.getMetadata(key)) !== null;
    },
    async list() {
      const { blobs } = await store.list();
      return blobs
        .map((b) => b.key)
        .filter((k) => PHOTO_NAME.test(k))
        .sort();
    },
  };
}
