// The desk's product editor. It opens a product with the version read (or an
// empty form), keeps the form as typed, checks it with the import's rules before sending (each
// problem shown beside its field, nothing sent while any remains), uploads photos one by one,
// and saves over the version read: the server refuses a save over a newer version.
import { atom } from 'nanostores';
import {
  EDITOR_ANSWERS,
  PHOTO_NAME_HEADER,
  emptyForm,
  MAX_UPLOAD_BYTES,
  productToForm,
  readProductForm,
  type ColourForm,
  type FormProblems,
  type ProductForm,
} from '../lib/product-form.ts';
import { copyFromSimilar } from '../lib/product-specs.ts';
import { ApiError } from '../client/api.ts';
import { uploadPhoto } from '../client/desk-calls.ts';
import { callDesk, endedSession, messageOf, notifyFailure, withSession } from './desk-call.ts';
import { setUnsaved } from './desk-leave.ts';
import { goToPlace, herePlace, notify } from './desk-session.ts';

/** The editor's state: the form as typed, its problems, and what it was opened from. */
export interface EditorState {
  status: 'loading' | 'ready' | 'missing';
  /** The product being edited; null for a new one. */
  productId: string | null;
  version: string | null;
  archived: boolean;
  form: ProductForm;
  /** The form as last read or saved: edits differ from it until saved. */
  saved: ProductForm;
  problems: FormProblems;
  saving: boolean;
  /** Photos still uploading, per colour index. */
  uploading: Record<number, number>;
  /** Bumped by each refused save, so the screen moves focus to the first problem. */
  refusals: number;
  /** The catalogue's products a new one may copy from (id and name), once loaded. */
  similar: { id: string; name: string }[];
}

const initial = (): EditorState => ({
  status: 'loading',
  productId: null,
  version: null,
  archived: false,
  form: emptyForm(),
  saved: emptyForm(),
  problems: {},
  saving: false,
  uploading: {},
  refusals: 0,
  similar: [],
});

/** The open editor. */
export const $editor = atom<EditorState>(initial());

/** The name the editor's unsaved edits go by (src/stores/desk-leave.ts). */
export const UNSAVED_FORM = 'product';

/** Whether the editor holds edits not saved: its form differs from the one read or saved. */
export const editorUnsaved = (state: EditorState): boolean =>
  state.status === 'ready' && JSON.stringify(state.form) !== JSON.stringify(state.saved);

const patch = (change: Partial<EditorState>) => $editor.set({ ...$editor.get(), ...change });

/** A failure's message (after a 401, the session's end has already said why). */
const fail = notifyFailure;

/**
 * Counts the editor's opens and closes: an answer is kept only while the open that asked for it is
 * the current one (a late answer of an earlier open, of the same product too, never fills the form).
 */
let opens = 0;

/** Opens the editor on a product (by id) or on an empty form (null). */
export async function openEditor(productId: string | null): Promise<void> {
  const open = ++opens;
  $editor.set({ ...initial(), productId, status: productId === null ? 'ready' : 'loading' });
  const place = herePlace();
  if (productId === null) return loadSimilar(place, open);
  try {
    const answer = await callDesk('deskProductEdit', { productId });
    if (open !== opens) return;
    const form = productToForm(answer.product);
    patch({
      status: 'ready',
      version: answer.version,
      archived: answer.archived,
      form,
      saved: form,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && open === opens)
      patch({ status: 'missing' });
    notifyFailure(error, place);
  }
}

/**
 * Closes the editor when its screen goes: emptied and loading, so the screen opened again (on the
 * same product too) shows "Loading product…" until its own answer, never the form left behind.
 * That matters because the screen's first frame is drawn before its store subscription starts
 * (an effect, after the frame): a form drawn from the old state took typing that the answer then
 * overwrote.
 */
export function closeEditor(): void {
  opens++;
  $editor.set(initial());
}

/** The catalogue's products (live and archived) a new product may copy from, by name. */
async function loadSimilar(place: string, open: number): Promise<void> {
  try {
    const { products } = await callDesk('deskProducts', { show: 'all' });
    if (open !== opens) return;
    patch({
      similar: products
        .map((p) => ({ id: p._id, name: p.productName }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    });
  } catch (error) {
    notifyFailure(error, place);
  }
}

/**
 * "Copy from a similar product": fills what the new product's form leaves empty from product
 * `productId` (never its name, photos or id); answers whether it did.
 */
export async function copyFromProduct(productId: string): Promise<boolean> {
  const place = herePlace();
  const open = opens;
  try {
    const { product } = await callDesk('deskProductEdit', { productId });
    if (open !== opens) return false;
    const { form } = $editor.get();
    patch({ form: copyFromSimilar(form, product), problems: {} });
    notify('success', EDITOR_ANSWERS.copied(product.productName), place);
    return true;
  } catch (error) {
    notifyFailure(error, place);
    return false;
  }
}

/** Drops the problems of the fields whose names start with `prefix`. */
function without(problems: FormProblems, prefix: string): FormProblems {
  return Object.fromEntries(Object.entries(problems).filter(([k]) => !k.startsWith(prefix)));
}

/** Changes one field of the form (a top-level one, or a specification as `specs.<name>`). */
export function setField(field: string, value: string | boolean): void {
  const { form, problems } = $editor.get();
  const next: ProductForm = field.startsWith('specs.')
    ? { ...form, specs: { ...form.specs, [field.slice(6)]: value } }
    : { ...form, [field]: value };
  patch({ form: next, problems: without(problems, field) });
}

function setColours(colours: ColourForm[], clear = 'colours'): void {
  const { form, problems } = $editor.get();
  patch({ form: { ...form, colours }, problems: without(problems, clear) });
}

/** Changes a colour's name or swatch. */
export function setColour(index: number, part: 'color' | 'swatch', value: string): void {
  const colours = $editor
    .get()
    .form.colours.map((c, i) => (i === index ? { ...c, [part]: value } : c));
  setColours(colours, `colours.${index}.${part}`);
}

/** Adds an empty colour at the end. */
export function addColour(): void {
  setColours([...$editor.get().form.colours, { color: '', swatch: '', images: [] }]);
}

/** Removes a colour and its photos from the form. */
export function removeColour(index: number): void {
  setColours($editor.get().form.colours.filter((_, i) => i !== index));
}

/** Moves a colour's photo one place earlier (-1) or later (+1); the first is the main photo. */
export function movePhoto(colour: number, photo: number, by: -1 | 1): void {
  const colours = $editor.get().form.colours.map((c, i) => {
    if (i !== colour) return c;
    const to = photo + by;
    if (to < 0 || to >= c.images.length) return c;
    const images = [...c.images];
    [images[photo], images[to]] = [images[to]!, images[photo]!];
    return { ...c, images };
  });
  setColours(colours, `colours.${colour}.images`);
}

/** Takes a photo out of a colour. */
export function removePhoto(colour: number, photo: number): void {
  const colours = $editor
    .get()
    .form.colours.map((c, i) =>
      i === colour ? { ...c, images: c.images.filter((_, n) => n !== photo) } : c,
    );
  setColours(colours, `colours.${colour}.images`);
}

// Photos uploaded in this tab are shown from the phone's own file until the build makes them.
const previews = new Map<string, string>();

/**
 * What an <img> shows for a photo path: this tab's small copy of a new upload, or the site's own
 * image (a stored photo's path is served by the build as a small image in its format).
 */
export function previewOf(path: string): string {
  return previews.get(path) ?? path;
}

/**
 * A photo small enough to send: a camera's photo over the upload limit is redrawn at most 2400 px
 * on its longer side as a JPEG (still far over the 800 px the shop needs).
 */
async function sendable(file: File): Promise<Blob> {
  if (file.size <= MAX_UPLOAD_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2400 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.9));
    return blob ?? file;
  } catch {
    return file;
  }
}

/**
 * A small copy of a photo for its thumbnail, as a data: URL (the desk's policy allows images from
 * itself and data: only): 192 px on its shorter side, or the whole file when it cannot be drawn.
 */
async function thumbnailOf(file: Blob): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = 192 / Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return new Promise((done) => {
      const reader = new FileReader();
      reader.onload = () => done(String(reader.result));
      reader.onerror = () => done('');
      reader.readAsDataURL(file);
    });
  }
}

function countUploads(colour: number, by: number): void {
  const uploading = { ...$editor.get().uploading };
  uploading[colour] = (uploading[colour] ?? 0) + by;
  patch({ uploading });
}

/** Uploads photos (camera or gallery) one by one and adds each to a colour, in order. */
export async function addPhotos(colour: number, files: readonly File[]): Promise<void> {
  const place = herePlace();
  // A photo belongs to the form it was picked in: once the editor closes, the rest are not sent.
  const open = opens;
  for (const file of files) {
    if (open !== opens) return;
    countUploads(colour, 1);
    try {
      const body = await sendable(file);
      // The name travels in a header: only characters that a header and a file name both take.
      const headers = { [PHOTO_NAME_HEADER]: file.name.replace(/[^\w .()-]/g, '').slice(0, 80) };
      const answer = await withSession(() => uploadPhoto(body, { headers }));
      previews.set(answer.path, await thumbnailOf(file));
      if (open !== opens) return;
      const colours = $editor
        .get()
        .form.colours.map((c, i) =>
          i === colour ? { ...c, images: [...c.images, answer.path] } : c,
        );
      setColours(colours, `colours.${colour}.images`);
      const added = colours[colour]!;
      notify(
        'success',
        EDITOR_ANSWERS.photoAdded(added.images.length, added.color, colour + 1),
        place,
      );
    } catch (error) {
      const { problems } = $editor.get();
      if (!endedSession(error) && open === opens)
        patch({ problems: { ...problems, [`colours.${colour}.images`]: messageOf(error) } });
      fail(error, place);
    } finally {
      if (open === opens) countUploads(colour, -1);
    }
  }
}

/**
 * Saves the form: checked first with the import's rules (nothing is sent while a problem
 * remains), then sent with the version read. A new product opens at its own address once saved.
 */
export async function saveEditor(): Promise<void> {
  const state = $editor.get();
  const local = readProductForm(state.form, state.productId ?? 'new-product');
  if (!local.ok) {
    patch({ problems: local.problems, refusals: state.refusals + 1 });
    const count = Object.keys(local.problems).length;
    notify('error', count === 1 ? 'One field needs attention.' : `${count} fields need attention.`);
    return;
  }
  const place = herePlace();
  const open = opens;
  patch({ saving: true });
  try {
    const answer = await callDesk('deskProductSave', {
      ...(state.productId !== null ? { productId: state.productId } : {}),
      ...(state.version !== null ? { version: state.version } : {}),
      product: state.form,
    });
    // Saved: nothing is left to ask about when the desk moves on.
    setUnsaved(UNSAVED_FORM, false);
    if (answer.created && place === herePlace()) {
      // The new product's own screen is where its "saved" message belongs.
      goToPlace(`products/${encodeURIComponent(answer.product._id)}`);
      notify('success', answer.message);
      return;
    }
    notify('success', answer.message, place);
    if (answer.created || open !== opens) return;
    const form = productToForm(answer.product);
    patch({
      version: answer.version,
      archived: answer.archived,
      form,
      saved: form,
      problems: {},
    });
  } catch (error) {
    if (error instanceof ApiError && error.problems && open === opens)
      patch({ problems: error.problems, refusals: $editor.get().refusals + 1 });
    fail(error, place);
  } finally {
    if (open === opens) patch({ saving: false });
  }
}
