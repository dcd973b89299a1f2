// The photo store's contract (src/server/catalogue/photo-store/port.ts), run on every implementation: the
// local folder, and Netlify Blobs on the library's local BlobsServer through edge access (as
// functions reach it) and API access (as a build and the CLI import reach it).
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PhotoStore } from '../../src/server/catalogue/photo-store/port.ts';
import {
  jpegPhoto,
  sandboxBlobsPhotoStore,
  tempFolderPhotoStore,
  type OpenedPhotoStore,
} from '../fixtures/photo-stores.ts';

const IMPLEMENTATIONS: [string, () => Promise<OpenedPhotoStore>][] = [
  ['a local folder', async () => tempFolderPhotoStore()],
  ['Netlify Blobs (edge access, as in functions)', () => sandboxBlobsPhotoStore('edge')],
  ['Netlify Blobs (API access, as in a build)', () => sandboxBlobsPhotoStore('api')],
];

const NOT_NAMES = [
  '../secret.jpg',
  `${'a'.repeat(64)}.gif`,
  `${'a'.repeat(63)}.jpg`,
  `${'A'.repeat(64)}.jpg`,
  `sub/${'a'.repeat(64)}.jpg`,
  `${'a'.repeat(64)}.jpg/..`,
  '',
];

describe.each(IMPLEMENTATIONS)('the photo store on %s', (_, open) => {
  let opened: OpenedPhotoStore;
  let store: PhotoStore;
  beforeEach(async () => {
    opened = await open();
    store = opened.store;
  });
  afterEach(() => opened.close());

  it('gives back the exact bytes it was given, under their content name', async () => {
    const { name, bytes } = await jpegPhoto(30);
    expect(await store.put(name, bytes)).toBe('added');
    const back = await store.get(name);
    expect(back?.equals(bytes)).toBe(true);
    expect(await store.has(name)).toBe(true);
    expect(await store.list()).toEqual([name]);
  });

  it('keeps binary content intact, every byte value included (a 300 KB WebP-named blob)', async () => {
    const bytes = randomBytes(300_000);
    const { createHash } = await import('node:crypto');
    const name = `${createHash('sha256').update(bytes).digest('hex')}.webp`;
    expect(await store.put(name, bytes)).toBe('added');
    expect((await store.get(name))?.equals(bytes)).toBe(true);
  });

  it('answers null and false for a photo it does not hold, and lists nothing when empty', async () => {
    const { name } = await jpegPhoto(40);
    expect(await store.get(name)).toBeNull();
    expect(await store.has(name)).toBe(false);
    expect(await store.list()).toEqual([]);
  });

  it('stores a photo put twice once: added, then kept', async () => {
    const { name, bytes } = await jpegPhoto(50);
    expect(await store.put(name, bytes)).toBe('added');
    expect(await store.put(name, bytes)).toBe('kept');
    expect(await store.list()).toEqual([name]);
  });

  // Same name, same bytes: whoever wins, the original is whole. (Netlify honours onlyIfNew
  // atomically; the local BlobsServer checks, then writes, so two writers may both "add".)
  it('holds a photo put by five writers at once once, whole', async () => {
    const { name, bytes } = await jpegPhoto(60);
    const results = await Promise.all(Array.from({ length: 5 }, () => store.put(name, bytes)));
    expect(results).toContain('added');
    expect(results.every((r) => r === 'added' || r === 'kept')).toBe(true);
    expect((await store.get(name))?.equals(bytes)).toBe(true);
    expect(await store.list()).toEqual([name]);
  });

  it('lists every original sorted by name', async () => {
    const photos = await Promise.all([70, 80, 90, 100].map((hue) => jpegPhoto(hue)));
    for (const { name, bytes } of photos) await store.put(name, bytes);
    expect(await store.list()).toEqual(photos.map((p) => p.name).sort());
  });

  it('refuses bytes under a name that is not their SHA-256, and stores nothing', async () => {
    const { name, bytes } = await jpegPhoto(110);
    const other = await jpegPhoto(120);
    await expect(store.put(other.name, bytes)).rejects.toThrow(
      `${other.name} does not match its bytes (their SHA-256 is ${name.slice(0, 64)})`,
    );
    expect(await store.has(other.name)).toBe(false);
    expect(await store.list()).toEqual([]);
  });

  it('refuses every name that is not <sha256>.jpg|png|webp, in every method', async () => {
    const { bytes } = await jpegPhoto(130);
    for (const bad of NOT_NAMES) {
      const message = `${JSON.stringify(bad)} is not a photo name (<sha256>.jpg, .png or .webp)`;
      await expect(store.put(bad, bytes)).rejects.toThrow(message);
      await expect(store.get(bad)).rejects.toThrow(message);
      await expect(store.has(bad)).rejects.toThrow(message);
    }
    expect(await store.list()).toEqual([]);
  });
});
