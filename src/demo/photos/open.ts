// The photo store of the demo path: the environment's store, with every photo the demo catalogue
// names readable beneath it, rendered on first read.
import {
  DEMO_CATALOGUE,
  DEMO_PHOTOS_DIR,
  openPhotoStore,
  type PhotoStore,
} from '../../server/catalogue/index.ts';
import { demoPhotoStore } from './store.ts';

/** `openPhotoStore(env)` with the demo catalogue's photos rendered when first read. */
export function openDemoPhotoStore(
  env: Record<string, string | undefined> = process.env,
): PhotoStore {
  return openPhotoStore(env, demoPhotoStore(DEMO_PHOTOS_DIR, DEMO_CATALOGUE));
}
