// The committed demo photos beneath a store: read-only, so a fresh clone and a fresh site show
// the demo catalogue's photos with no step, while every new original goes to the store above.
import type { PhotoStore } from './port.ts';

/** `store`, with `demo`'s originals readable through it; writes go to `store` only. */
export function withDemoPhotos(store: PhotoStore, demo: PhotoStore): PhotoStore {
  return {
    where: store.where,
    async put(name, bytes) {
      // A demo photo imported again is already there: nothing is copied over it.
      if (await demo.has(name)) return 'kept';
      return store.put(name, bytes);
    },
    async get(name) {
      return (await store.get(name)) ?? demo.get(name);
    },
    async has(name) {
      return (await store.has(name)) || demo.has(name);
    },
    async list() {
      const [own, shipped] = await Promise.all([store.list(), demo.list()]);
      return [...new Set([...own, ...shipped])].sort();
    },
  };
}
