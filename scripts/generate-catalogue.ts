// `npm run catalogue:demo`: writes data/catalogue.json and renders the demo photos it names into
// data/photos/ (src/demo/catalogue/write.ts). Deterministic: running twice gives identical bytes.
import path from 'node:path';
import { writeDemoCatalogue } from '../src/demo/catalogue/write.ts';

const root = path.resolve(import.meta.dirname, '..');
process.exitCode = await writeDemoCatalogue({
  catalogueFile: path.relative(process.cwd(), path.join(root, 'data', 'catalogue.json')),
  photoDir: path.relative(process.cwd(), path.join(root, 'data', 'photos')),
});
