// The catalogue context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// What is for sale: the catalogue and its published versions, the product editor, photos, live stock, the CSV sheet and publishing.
export { getCatalogue, getCatalogueVersion } from './build-catalogue.ts';
export { trendingModule } from './trending-integration.ts';
export {
  type PhotoJob,
  buildPhotos,
  missingPhotoLine,
  missingPhotos,
  photoJobs,
  photoOutputs,
  photoReportLine,
} from './build-photos.ts';
export { catalogueToCsv } from './catalogue-csv.ts';
export { csvCell, csvText, defuseFormula } from './csv-text.ts';
export { catalogueForExport, exportedLine } from './catalogue-export.ts';
export { importCatalogueFile } from './catalogue-import.ts';
export { productListBody, seedIfEmpty } from './catalogue.ts';
export {
  STOCK_CACHE_HEADERS,
  archiveProduct,
  currentStock,
  deleteProduct,
  listDeskProducts,
  restoreProduct,
  setDeskColourStock,
} from './live-stock.ts';
export {
  type LocalBuild,
  adoptBuiltVersion,
  deployLocally,
  useLocalDeploy,
} from './local-deploy.ts';
export { photoCacheDir, photoPipeline } from './photo-integration.ts';
export { folderPhotoStore } from './photo-store/folder.ts';
export {
  type PhotoStore,
  DEMO_CATALOGUE,
  DEMO_PHOTOS_DIR,
  PhotoStoreSettingsError,
  openPhotoStore,
} from './photo-store/index.ts';
export { assertPhotoName } from './photo-store/port.ts';
export { readForEdit, saveProduct, uploadPhoto } from './product-editor.ts';
export {
  catalogueProgress,
  confirmBeforePricing,
  deployMode,
  deskPublish,
  publishCatalogue,
} from './publish.ts';
export { publishedMany, publishedProduct, versionProducts } from './published.ts';
