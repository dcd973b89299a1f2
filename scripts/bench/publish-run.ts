// publish, run by scripts/bench/publish.ts in its own process (DATA_DIR set): the local
// deploy of a publish, timed from Publish to live. The version already imported is built first
// (so photos are cached, as on a running shop), then every tenth product's price changes in the
// draft, and the time from publishCatalogue to the version marked live is measured. Prints one
// JSON line.
import path from 'node:path';
import { astroRebuild } from '../local-deploy.ts';
import { getDeps } from '../../src/server/deps.ts';
import { deployLocally, useLocalDeploy } from '../../src/server/catalogue/index.ts';
import { publishCatalogue } from '../../src/server/catalogue/index.ts';
import { closeStore } from '../../src/server/store/index.ts';

const work = process.argv[2]!;
const deps = await getDeps();
useLocalDeploy(
  astroRebuild(process.cwd(), undefined, {
    dist: path.join(work, 'dist'),
    work: path.join(work, 'publish'),
  }),
);
let started = performance.now();
await deployLocally(deps.store);
const firstSeconds = (performance.now() - started) / 1000;
const products = await deps.store.products.list();
await deps.store.products.upsertMany(
  products.filter((_, i) => i % 10 === 0).map((p) => ({ ...p, price: p.price + 100 })),
);
started = performance.now();
const version = await publishCatalogue(deps, null);
await deployLocally(deps.store);
const seconds = (performance.now() - started) / 1000;
const live = await deps.store.catalogueVersions.live();
console.log(
  JSON.stringify({
    products: products.length,
    changed: version.changed,
    firstSeconds: Number(firstSeconds.toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    live: live?.number === version.number,
    state: (await deps.store.catalogueVersions.get(version.number))?.state,
  }),
);
await closeStore();
