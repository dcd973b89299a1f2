// Which photo store this process uses, from its environment (docs/catalogue.md, "Where photos live").
import path from 'node:path';
import { runsOnNetlify } from '../../config.ts';
import { blobsPhotoStore, type BlobsAccess } from './blobs.ts';
import { folderPhotoStore } from './folder.ts';
import { withDemoPhotos } from './layered.ts';
import type { PhotoStore } from './port.ts';

export type { PhotoStore } from './port.ts';
export { PHOTO_NAME } from './port.ts';

/**
 * Where the demo catalogue's photos are kept once rendered. They are not committed: the demo path
 * (`npm start`, the build, the CLI) renders each from data/catalogue.json the first time it is read
 * (src/demo/photos/store.ts); everything else reads the folder as it is.
 */
export const DEMO_PHOTOS_DIR = 'data/photos';
/** The demo catalogue, which names the demo photos and says what each one shows. */
export const DEMO_CATALOGUE = 'data/catalogue.json';

/** The photo store settings are wrong or missing; the message is one line that says what to set. */
export class PhotoStoreSettingsError extends Error {
  override name = 'PhotoStoreSettingsError';
}

/** Where the originals live: a folder, or Netlify Blobs reached with these settings. */
export type PhotoStoreChoice =
  { kind: 'folder'; dir: string } | { kind: 'blobs'; access: BlobsAccess };

type Env = Record<string, string | undefined>;

/** Netlify Blobs settings from the environment, or what is missing in words. */
function blobsAccess(env: Env): { ok: true; access: BlobsAccess } | { ok: false; missing: string } {
  // Inside Netlify (functions, build plugins, and the build through netlify/plugins/photo-cache)
  // the library reads the context itself.
  if (env.NETLIFY_BLOBS_CONTEXT) return { ok: true, access: {} };
  const token = env.NETLIFY_BLOBS_TOKEN;
  const siteID = env.NETLIFY_SITE_ID ?? env.SITE_ID;
  if (token && siteID)
    return {
      ok: true,
      access: { token, siteID, ...(env.NETLIFY_API_URL ? { apiURL: env.NETLIFY_API_URL } : {}) },
    };
  if (token)
    return { ok: false, missing: 'NETLIFY_SITE_ID (the site id) beside NETLIFY_BLOBS_TOKEN' };
  return { ok: false, missing: 'NETLIFY_BLOBS_TOKEN (a Netlify personal access token)' };
}

/**
 * Picks the photo store: PHOTO_STORE=folder or PHOTO_STORE=blobs when set; otherwise Netlify
 * Blobs wherever Netlify's context or a token is present, a local folder (PHOTOS_DIR, else
 * DATA_DIR/photos) on a developer's machine, and an error in a Netlify build that has neither.
 */
export function choosePhotoStore(env: Env = process.env): PhotoStoreChoice {
  const mode = env.PHOTO_STORE;
  if (mode !== undefined && mode !== '' && mode !== 'folder' && mode !== 'blobs')
    throw new PhotoStoreSettingsError(
      `PHOTO_STORE is "${mode}"; use "folder" or "blobs", or leave it unset to choose by environment.`,
    );
  const folder = {
    kind: 'folder' as const,
    dir: path.resolve(env.PHOTOS_DIR || path.join(env.DATA_DIR || '.data', 'photos')),
  };
  if (mode === 'folder') return folder;
  const blobs = blobsAccess(env);
  if (mode === 'blobs') {
    if (!blobs.ok)
      throw new PhotoStoreSettingsError(
        `PHOTO_STORE=blobs needs Netlify Blobs access: set ${blobs.missing}.`,
      );
    return { kind: 'blobs', access: blobs.access };
  }
  // netlify dev and the Vite plugin run a local Blobs sandbox; the local folder is the one the
  // CLI import writes to, so a developer sees what they imported.
  if (env.NETLIFY_DEV === 'true') return folder;
  if (blobs.ok) return { kind: 'blobs', access: blobs.access };
  // A token means Netlify Blobs was meant: half of its settings is an error, not the folder.
  if (env.NETLIFY_BLOBS_TOKEN)
    throw new PhotoStoreSettingsError(`NETLIFY_BLOBS_TOKEN is set; also set ${blobs.missing}.`);
  if (runsOnNetlify(env))
    throw new PhotoStoreSettingsError(
      `On Netlify the photo originals are read from Netlify Blobs, and this process has no access: keep the photo-cache plugin in netlify.toml (it passes NETLIFY_BLOBS_CONTEXT to the build) or set ${blobs.missing}.`,
    );
  return folder;
}

/**
 * The photo store this environment names, with the demo catalogue's photos readable beneath it:
 * by default those already rendered into DEMO_PHOTOS_DIR; the demo path passes a store that
 * renders a missing one on first read.
 */
export function openPhotoStore(
  env: Env = process.env,
  demo: PhotoStore = folderPhotoStore(DEMO_PHOTOS_DIR),
): PhotoStore {
  const choice = choosePhotoStore(env);
  const store =
    choice.kind === 'folder' ? folderPhotoStore(choice.dir) : blobsPhotoStore(choice.access);
  return withDemoPhotos(store, demo);
}
