// `npm run shop -- catalogue publish`, and the publish that follows
// `catalogue import` unless --draft. Prints the version and where its deploy stands.
import { deployLine } from '../src/lib/publish.ts';
import { getDeps } from '../src/server/deps.ts';
import { DomainError } from '../src/server/errors.ts';
import { deployMode, publishCatalogue } from '../src/server/catalogue/index.ts';

/** Publishes the draft catalogue; 0, or 1 when there was nothing to publish or the deploy failed. */
export async function publishCommand(): Promise<number> {
  const deps = await getDeps();
  let version;
  try {
    version = await publishCatalogue(deps, null);
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const products = `${version.products} product${version.products === 1 ? '' : 's'}`;
  const summary = `Version ${version.number} published (${products}, ${version.changed} changed).`;
  if (version.state === 'failed') {
    console.error(`${summary} Its deploy failed: ${version.message}`);
    return 1;
  }
  const mode = deployMode(deps);
  console.log(
    mode === 'hook'
      ? `${summary} ${deployLine(version)} (Netlify build hook); the desk's Products screen shows when it is live.`
      : `${summary} A running shop (npm start) builds and serves it within seconds; otherwise the next npm start or npm run build shows it.`,
  );
  return 0;
}
