// Local Netlify Build plugin (nothing to download at build time): keeps the optimised photos of
// src/server/build-photos.ts in Netlify's build cache between deploys. Netlify usually restores
// node_modules (and so node_modules/.astro) too; this also covers a build that reinstalls it.
// The build log then shows "[photo-pipeline] N photo(s): N cache hit(s), 0 optimised".

/** The folder the photo pipeline caches into: Astro's default cacheDir + "photos". */
export const PHOTO_CACHE = 'node_modules/.astro/photos';

/** Restores the cached photos before `npm run build`. */
export async function onPreBuild({ utils }) {
  const restored = await utils.cache.restore(PHOTO_CACHE);
  console.log(
    restored
      ? `photo-cache: restored ${PHOTO_CACHE}`
      : `photo-cache: nothing to restore (${PHOTO_CACHE})`,
  );
}

/** Saves them after a successful build, for the next deploy. */
export async function onPostBuild({ utils }) {
  const saved = await utils.cache.save(PHOTO_CACHE);
  console.log(saved ? `photo-cache: saved ${PHOTO_CACHE}` : `photo-cache: nothing to save`);
}
