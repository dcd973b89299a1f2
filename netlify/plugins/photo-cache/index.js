// Local Netlify Build plugin (nothing to download at build time): keeps the optimised photos of
// src/server/catalogue/build-photos.ts in Netlify's build cache between deploys. Netlify usually restores
// node_modules (and so node_modules/.astro) too; this also covers a build that reinstalls it.
// The build log then shows "[photo-pipeline] N photo(s): N cache hit(s), 0 optimised".
// It also hands the build command the Netlify Blobs context that Netlify gives build plugins
// (not the build command itself), so `npm run build` reads the photo originals from Netlify
// Blobs (src/server/photo-store) with no token to set.

/** The folder the photo pipeline caches into: Astro's default cacheDir + "photos". */
export const PHOTO_CACHE = 'node_modules/.astro/photos';

/**
 * Passes this plugin's NETLIFY_BLOBS_CONTEXT to the build command through
 * netlifyConfig.build.environment, unless the build command already has one; returns whether.
 */
export function shareBlobsContext(netlifyConfig, env = process.env) {
  const context = env.NETLIFY_BLOBS_CONTEXT;
  const environment = netlifyConfig?.build?.environment;
  if (!context || !environment || environment.NETLIFY_BLOBS_CONTEXT) return false;
  environment.NETLIFY_BLOBS_CONTEXT = context;
  return true;
}

/**
 * Restores the cached photos before `npm run build`, and lets the build reach Netlify Blobs.
 * @param {{ utils: any, netlifyConfig?: any }} options
 */
export async function onPreBuild({ utils, netlifyConfig }) {
  console.log(
    shareBlobsContext(netlifyConfig)
      ? 'photo-cache: the build reads photo originals from Netlify Blobs'
      : 'photo-cache: no Netlify Blobs context to pass to the build',
  );
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
