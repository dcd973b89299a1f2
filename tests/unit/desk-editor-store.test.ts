// The desk editor's store: photos reordered one place at a time (the first is the main
// photo), a change clears only its own field's problem, and a form with problems is never sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productToForm } from '../../src/lib/product-form.ts';
import {
  $editor,
  addColour,
  addPhotos,
  closeEditor,
  movePhoto,
  openEditor,
  removeColour,
  removePhoto,
  saveEditor,
  setField,
} from '../../src/stores/desk-editor.ts';
import { $deskNotice } from '../../src/stores/desk.ts';
import { makeProduct } from '../fixtures/products.ts';

const IMAGES = ['/images/a.svg', '/images/b.svg', '/images/c.svg'];

beforeEach(() => {
  const form = productToForm(makeProduct());
  form.colours[0]!.images = [...IMAGES];
  $editor.set({
    status: 'ready',
    productId: 'test-bag',
    version: 'v'.repeat(64),
    archived: false,
    form,
    saved: form,
    problems: {},
    saving: false,
    uploading: {},
    refusals: 0,
    similar: [],
  });
});
afterEach(() => vi.unstubAllGlobals());

const images = () => $editor.get().form.colours[0]!.images;

describe('openEditor and closeEditor', () => {
  /** The product's answers, each held until the test lets it go, in the order asked. */
  function heldAnswers() {
    const waiting: ((price: number) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            waiting.push((price) =>
              resolve(
                Response.json({
                  success: true,
                  product: makeProduct({ price }),
                  version: String(price).padEnd(64, '0'),
                  archived: false,
                }),
              ),
            ),
          ),
      ),
    );
    return waiting;
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("keeps only the latest open's answer: an earlier open of the same product answering late never overwrites what was typed", async () => {
    const answers = heldAnswers();
    const first = openEditor('test-bag');
    const second = openEditor('test-bag');
    answers[1]!(5200);
    await second;
    expect($editor.get()).toMatchObject({ status: 'ready', productId: 'test-bag' });
    expect($editor.get().form.price).toBe('5200');
    setField('price', '6,100');
    answers[0]!(4500);
    await first;
    expect($editor.get().form.price).toBe('6,100');
    expect($editor.get().version).toBe('5200'.padEnd(64, '0'));
  });

  it('closing leaves the editor empty and loading, so a product opened again shows no form until its own answer; the closed open’s answer is dropped', async () => {
    const answers = heldAnswers();
    const opened = openEditor('test-bag');
    closeEditor();
    expect($editor.get()).toMatchObject({ status: 'loading', productId: null, version: null });
    answers[0]!(4500);
    await opened;
    await settled();
    expect($editor.get()).toMatchObject({ status: 'loading', productId: null, version: null });
    expect($editor.get().form.price).toBe('');
  });
});

describe('movePhoto', () => {
  it('moves a photo up one place, making the second photo the main one', () => {
    movePhoto(0, 1, -1);
    expect(images()).toEqual(['/images/b.svg', '/images/a.svg', '/images/c.svg']);
  });

  it('moves a photo down one place', () => {
    movePhoto(0, 0, 1);
    expect(images()).toEqual(['/images/b.svg', '/images/a.svg', '/images/c.svg']);
  });

  it('leaves the first photo first on Move up and the last last on Move down', () => {
    movePhoto(0, 0, -1);
    movePhoto(0, 2, 1);
    expect(images()).toEqual(IMAGES);
  });

  it('touches only the colour it names', () => {
    const other = $editor.get().form.colours[1]!.images;
    movePhoto(0, 1, -1);
    expect($editor.get().form.colours[1]!.images).toEqual(other);
  });
});

describe('problems', () => {
  it('clears a field’s own problem when it changes, and keeps the others', () => {
    $editor.set({ ...$editor.get(), problems: { price: 'p', maker: 'm', 'specs.zips': 'z' } });
    setField('price', '4500');
    setField('specs.zips', 'YKK');
    expect($editor.get().problems).toEqual({ maker: 'm' });
  });

  it('clears the colours’ problems when a colour goes, as their numbers shift', () => {
    $editor.set({
      ...$editor.get(),
      problems: { 'colours.1.color': 'c', productName: 'n' },
    });
    removeColour(0);
    expect($editor.get().problems).toEqual({ productName: 'n' });
    expect($editor.get().form.colours.map((c) => c.color)).toEqual(['Navy']);
  });

  it('removes one photo', () => {
    removePhoto(0, 1);
    expect(images()).toEqual(['/images/a.svg', '/images/c.svg']);
  });
});

describe('saveEditor', () => {
  it('sends nothing while a field has a problem, shows each beside its field and counts them', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setField('price', '45.50');
    setField('productName', '');
    await saveEditor();
    expect(fetch).not.toHaveBeenCalled();
    expect($editor.get().problems).toEqual({
      price: "'45.50' has paise; prices are whole rupees, such as 45",
      productName: 'is empty; every product needs one',
    });
    expect($editor.get().refusals).toBe(1);
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: '2 fields need attention.' });
  });

  it('sends the form with the id and the version it was opened with', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    await saveEditor();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/desk/products/save');
    expect(JSON.parse(String(init.body))).toEqual({
      productId: 'test-bag',
      version: 'v'.repeat(64),
      product: $editor.get().form,
    });
    expect($editor.get().saving).toBe(false);
  });
});

describe('addPhotos', () => {
  // The browser's FileReader, which Node lacks: the thumbnail of a photo that cannot be drawn.
  class DataUrlReader {
    result: string | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    readAsDataURL(blob: Blob) {
      void blob.arrayBuffer().then((bytes) => {
        this.result = `data:${blob.type};base64,${Buffer.from(bytes).toString('base64')}`;
        this.onload?.();
      });
    }
  }
  beforeEach(() => vi.stubGlobal('FileReader', DataUrlReader));

  const uploaded = (hash: string) =>
    Response.json({
      success: true,
      message: 'Photo IMG_2041.jpg uploaded.',
      path: `/photos/${hash.repeat(64)}.jpg`,
      width: 900,
      height: 800,
    });

  it("says which photo of which colour was uploaded, in words, never the photo's hash", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => uploaded('a')),
    );
    const colour = $editor.get().form.colours[0]!.color;
    await addPhotos(0, [new File([new Uint8Array([1, 2, 3])], 'IMG_2041.jpg')]);
    expect(images()).toEqual([...IMAGES, `/photos/${'a'.repeat(64)}.jpg`]);
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: `Photo 4 of ${colour} uploaded.`,
    });
    expect(colour).not.toBe('');
  });

  it('adds a photo whose upload ends after the editor closed to no form', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const adding = addPhotos(0, [new File([new Uint8Array([1, 2, 3])], 'IMG_2043.jpg')]);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    closeEditor();
    answer(uploaded('c'));
    await adding;
    expect($editor.get()).toMatchObject({ status: 'loading', productId: null, uploading: {} });
    expect($editor.get().form.colours.flatMap((c) => c.images)).toEqual([]);
  });

  it('names a colour not yet named by its number', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => uploaded('b')),
    );
    addColour();
    const added = $editor.get().form.colours.length;
    await addPhotos(added - 1, [new File([new Uint8Array([1, 2, 3])], 'IMG_2042.jpg')]);
    expect($deskNotice.get()?.text).toBe(`Photo 1 of colour ${added} uploaded.`);
  });
});
