// The desk's product editor. A product is read with its version and saved only
// over that version (two staff editing at once: the second is told, nothing is overwritten). A
// save reads the form by the import's cell rules (src/lib/product-form.ts), then checks the
// record with the catalogue's own validateCatalogue, and that every uploaded photo it names is in
// the photo store, as the import does. It writes the draft catalogue (the store's products);
// shoppers see it after the owner publishes. Every save and upload is one audit entry.
import type { AnswerOf, BodyOf } from '../../lib/contract/endpoints.ts';
import { PHOTO_PATH } from '../../lib/photos.ts';
import {
  EDITOR_ANSWERS,
  MAX_UPLOAD_BYTES,
  PHOTO_NAME_HEADER,
  nthProductId,
  readProductForm,
  type FormProblems,
} from '../../lib/product-form.ts';
import { STOCK_ANSWERS } from '../../lib/messages.ts';
import type { Product } from '../../lib/product.ts';
import { conflict, invalid, notFound, tooLarge } from '../errors.ts';
import { readBytesCapped, reply, type Reply } from '../http.ts';
import { openPhotoStore, type PhotoStore } from './photo-store/index.ts';
import type { ProductState, StaffRecord, Store } from '../store/port.ts';
import { productVersion } from '../store/product-version.ts';
import { forgetProductList, validateCatalogue } from './catalogue.ts';
import { audit } from '../operations/index.ts';

type Actor = Pick<StaffRecord, 'id' | 'email'>;

/** How many `-2`, `-3`… a new product's id may try before the save gives up. */
const MAX_ID_TRIES = 50;

/** A product as the editor reads it: its fields, its version, whether it is archived. */
function edited(state: ProductState) {
  return {
    product: state.product,
    version: productVersion(state.product),
    archived: state.archivedAt !== null,
  };
}

/** One product, live or archived, for the editor. */
export async function readForEdit(
  store: Store,
  body: BodyOf<'deskProductEdit'>,
): Promise<AnswerOf<'deskProductEdit'>> {
  const [state] = await store.products.states([body.productId]);
  if (!state) throw notFound(STOCK_ANSWERS.productNotFound);
  return { success: true, ...edited(state) };
}

/** The answer to a form with problems: each beside its field, nothing saved. */
export type ProblemsAnswer = { success: false; message: string; problems: FormProblems };

/**
 * The schema's and the photo store's problems with a product the form rules accepted, by field:
 * validateCatalogue's lines (`§: colorImages.0.images.1: …`) are put beside their form field.
 */
async function recordProblems(product: Product, photos: PhotoStore): Promise<FormProblems> {
  const problems: FormProblems = {};
  const checked = validateCatalogue([product], () => '§');
  if (!checked.ok)
    for (const line of checked.errors) {
      const [, field = '', problem = line] = /^§: ([^:]+): (.*)$/s.exec(line) ?? [];
      problems[formField(field)] ??= problem;
    }
  // Only photos the shop holds (uploads, imports, the demo's photos): any other site path, such
  // as /images/nope.jpg, /favicon.svg or an API path, would go live as a broken picture.
  for (const [c, { images }] of product.colorImages.entries())
    for (const path of images) {
      const field = `colours.${c}.images`;
      if (!PHOTO_PATH.test(path)) problems[field] ??= EDITOR_ANSWERS.notPhotoPath(path);
      else if (!(await photos.has(path.slice('/photos/'.length))))
        problems[field] ??= EDITOR_ANSWERS.notStored(path);
    }
  return problems;
}

/** The form field a catalogue schema path names (`colorImages.2.images.0` is `colours.2.images`). */
function formField(path: string): string {
  const [head, index, part] = path.split('.');
  if (head === 'colorImages' && index !== undefined)
    return `colours.${index}.${part === 'swatch' ? 'swatch' : part === 'color' ? 'color' : 'images'}`;
  if (head === 'colors' || head === 'colorImages') return 'colours';
  return path;
}

/**
 * Saves the editor's form: a new product (its id made from its name, never one in use or held by a
 * published version) or an edit
 * over the version read. Problems answer 400 with each one by its field; a version that is no
 * longer the stored one answers 409 and writes nothing.
 */
export async function saveProduct(
  store: Store,
  staff: Actor,
  body: BodyOf<'deskProductSave'>,
  photos: PhotoStore = openPhotoStore(),
): Promise<AnswerOf<'deskProductSave'> | Reply<ProblemsAnswer>> {
  const editing = body.productId;
  if (editing !== undefined && body.version === undefined)
    throw invalid(EDITOR_ANSWERS.versionNeeded);
  const read = readProductForm(body.product, editing ?? nthProductId(body.product.productName, 1));
  const problems = read.ok ? await recordProblems(read.product, photos) : read.problems;
  if (!read.ok || Object.keys(problems).length > 0) {
    const count = Object.keys(problems).length;
    return reply(
      { success: false as const, message: EDITOR_ANSWERS.problems(count), problems },
      { status: 400 },
    );
  }
  const product = read.product;
  if (editing !== undefined) {
    const saved = await store.products.saveEdited(product, body.version as string, staff);
    if (saved.kind === 'stale' && saved.current === null)
      throw notFound(STOCK_ANSWERS.productNotFound);
    if (saved.kind !== 'saved') throw conflict(EDITOR_ANSWERS.changedSince);
    return settle(store, staff, saved.before, saved.after, false);
  }
  for (let n = 1; n <= MAX_ID_TRIES; n += 1) {
    const candidate = { ...product, _id: nthProductId(product.productName, n) };
    // An id a published version holds names that product in pages, carts and links: never reused.
    if (await store.catalogueVersions.holds(candidate._id)) continue;
    const saved = await store.products.saveEdited(candidate, null, staff);
    if (saved.kind === 'saved') return settle(store, staff, null, saved.after, true);
  }
  throw conflict(EDITOR_ANSWERS.changedSince);
}

/** Audits a save and answers it. */
async function settle(
  store: Store,
  staff: Actor,
  before: ProductState | null,
  after: ProductState,
  created: boolean,
): Promise<AnswerOf<'deskProductSave'>> {
  const id = after.product._id;
  const same = before !== null && productVersion(before.product) === productVersion(after.product);
  if (!same) {
    await audit(
      store,
      staff,
      created ? 'product.create' : 'product.edit',
      `product:${id}`,
      before?.product ?? null,
      after.product,
    );
    forgetProductList();
  }
  const name = after.product.productName;
  return {
    success: true,
    message: created
      ? EDITOR_ANSWERS.created(name, id)
      : same
        ? EDITOR_ANSWERS.unchanged(name)
        : EDITOR_ANSWERS.saved(name),
    created,
    ...edited(after),
  };
}

/** The photo types an upload may declare. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A photo's bytes from the request: refused before reading when its type is not a photo's or its
 * declared length is over the limit, and as soon as what arrives goes over it.
 */
async function readPhoto(req: Request, max = MAX_UPLOAD_BYTES): Promise<Uint8Array> {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PHOTO_TYPES.includes(type)) throw invalid(EDITOR_ANSWERS.notImage);
  const bytes = await readBytesCapped(req, max);
  if (!bytes) throw tooLarge(EDITOR_ANSWERS.uploadTooLarge(max));
  if (bytes.byteLength === 0) throw invalid(EDITOR_ANSWERS.uploadEmpty);
  return bytes;
}

/** The file name the person chose, as a message shows it: plain characters only, at most 80 ("" for none). */
function chosenName(req: Request): string {
  return (req.headers.get(PHOTO_NAME_HEADER) ?? '')
    .replace(/[^\w .()-]/g, '')
    .trim()
    .slice(0, 80);
}

/**
 * Checks an uploaded photo as the import checks a file (JPEG, PNG or WebP, at least 800 px on its
 * shorter side, not too large to process) and keeps it in the photo store under its content
 * address; the build makes its AVIF and WebP sizes, as for an imported photo.
 */
export async function uploadPhoto(
  store: Store,
  staff: Actor,
  req: Request,
  photos: PhotoStore = openPhotoStore(),
): Promise<AnswerOf<'deskPhotoUpload'>> {
  const bytes = await readPhoto(req);
  // sharp is loaded by this call only, so the desk's other calls start without it.
  const { checkPhotoBytes } = await import('./photos.ts');
  const chosen = chosenName(req);
  const checked = await checkPhotoBytes(bytes, chosen || 'upload');
  if (!checked.ok) throw invalid(checked.problem);
  const result = await photos.put(checked.name, bytes);
  const path = `/photos/${checked.name}`;
  await audit(store, staff, 'product.photo', `photo:${checked.name}`, null, {
    path,
    bytes: bytes.byteLength,
    width: checked.width,
    height: checked.height,
    stored: result,
  });
  return {
    success: true,
    // Named as the person chose it: the stored name is a content hash, which says nothing to them.
    message: EDITOR_ANSWERS.uploaded(chosen),
    path,
    width: checked.width,
    height: checked.height,
  };
}
