// Add or edit a product from a phone. Every docs/product.md §3 field, typed as in the
// spreadsheet (the import's rules and messages), each problem beside its field; colours with their
// swatch and photos taken with the camera or picked from the gallery, reordered with Move up /
// Move down (the first photo is the colour's main photo). Saves go to the draft catalogue.
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { KNOWN_COLOURS } from '../../lib/catalogue-sheet.ts';
import { CATEGORIES } from '../../lib/product.ts';
import {
  COLOUR_FIELDS,
  COLOURS_FIELD,
  PRODUCT_FIELDS,
  SPEC_DECLARATIONS,
} from '../../lib/product-fields.ts';
import { MAX_COLOURS, MAX_IMAGES, SPEC_FIELDS } from '../../lib/product-form.ts';
import {
  $editor,
  UNSAVED_FORM,
  addColour,
  addPhotos,
  closeEditor,
  copyFromProduct,
  editorUnsaved,
  movePhoto,
  openEditor,
  previewOf,
  removeColour,
  removePhoto,
  saveEditor,
  setColour,
  setField,
  type EditorState,
} from '../../stores/desk-editor.ts';
import { setUnsaved } from '../../stores/desk-leave.ts';
import type { ScreenProps } from './screen-props.ts';

const FIELD = PRODUCT_FIELDS;
/** A colour's field as the form labels it: "Colour 2 name". */
const colourLabel = (n: number, field: keyof typeof COLOUR_FIELDS) =>
  `Colour ${n} ${COLOUR_FIELDS[field].label}`;

/** A labelled control with its hint and its problem, tied to it by aria-describedby. */
function Labelled({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint?: string;
  problem?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="desk-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!problem, 'aria-describedby': described || undefined })}
      {hint && (
        <small id={`${id}-hint`} className="desk-hint">
          {hint}
        </small>
      )}
      {problem && (
        <p id={`${id}-problem`} className="desk-error-text">
          {label}: {problem}
        </p>
      )}
    </div>
  );
}

function TextField({
  field,
  label,
  hint,
  value,
  problem,
  inputMode,
}: {
  field: string;
  label: string;
  hint?: string;
  value: string;
  problem?: string;
  inputMode?: 'decimal' | 'text';
}) {
  return (
    <Labelled label={label} hint={hint} problem={problem}>
      {(aria) => (
        <input
          {...aria}
          name={field}
          value={value}
          inputMode={inputMode}
          autoComplete="off"
          onChange={(e) => setField(field, e.currentTarget.value)}
        />
      )}
    </Labelled>
  );
}

/**
 * A photo's thumbnail. A photo uploaded in another tab is served by the site only once a build
 * made it: until then a plain tile says so, under the same name.
 */
function Thumb({ path, alt }: { path: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className="desk-editor-thumb desk-editor-nothumb" role="img" aria-label={alt}>
        Shown after publish
      </span>
    );
  return (
    <img
      className="desk-editor-thumb"
      src={previewOf(path)}
      alt={alt}
      width={96}
      height={96}
      onError={() => setFailed(true)}
    />
  );
}

/** One colour: name, swatch, photos with their order, camera and gallery. */
function ColourFields({ index, count }: { index: number; count: number }) {
  const { form, problems, uploading } = useStore($editor);
  const colour = form.colours[index]!;
  const n = index + 1;
  const at = `colours.${index}`;
  const imagesProblem = problems[`${at}.images`];
  const imagesId = useId();
  const busy = uploading[index] ?? 0;
  const pick = (files: FileList | null) => {
    if (files && files.length > 0) void addPhotos(index, [...files]);
  };
  const full = colour.images.length >= MAX_IMAGES;
  return (
    <fieldset className="desk-editor-colour">
      <legend>
        Colour {n}
        {colour.color.trim() ? `: ${colour.color.trim()}` : ''}
      </legend>
      <Labelled label={colourLabel(n, 'color')} problem={problems[`${at}.color`]}>
        {(aria) => (
          <input
            {...aria}
            name={`${at}.color`}
            list="desk-known-colours"
            value={colour.color}
            autoComplete="off"
            onChange={(e) => setColour(index, 'color', e.currentTarget.value)}
          />
        )}
      </Labelled>
      <Labelled
        label={colourLabel(n, 'swatch')}
        hint={COLOUR_FIELDS.swatch.hint}
        problem={problems[`${at}.swatch`]}
      >
        {(aria) => (
          <input
            {...aria}
            name={`${at}.swatch`}
            value={colour.swatch}
            autoComplete="off"
            onChange={(e) => setColour(index, 'swatch', e.currentTarget.value)}
          />
        )}
      </Labelled>
      <h3 id={`${imagesId}-label`} className="desk-editor-photos-title">
        {colourLabel(n, 'images')}
      </h3>
      {colour.images.length === 0 ? (
        <p className="desk-hint" id={`${imagesId}-none`}>
          No photos yet. The first photo is the colour&rsquo;s main photo.
        </p>
      ) : (
        <ol className="desk-editor-photos" aria-labelledby={`${imagesId}-label`}>
          {colour.images.map((path, i) => (
            <li key={`${path}-${i}`}>
              <Thumb path={path} alt={`Colour ${n}, shot ${i + 1}`} />
              <span>{i === 0 ? 'Main photo' : `Photo ${i + 1}`}</span>
              <span className="desk-editor-photo-actions">
                <button
                  type="button"
                  className="desk-button desk-quiet"
                  disabled={i === 0}
                  aria-label={`Move up colour ${n} photo ${i + 1}`}
                  onClick={() => movePhoto(index, i, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="desk-button desk-quiet"
                  disabled={i === colour.images.length - 1}
                  aria-label={`Move down colour ${n} photo ${i + 1}`}
                  onClick={() => movePhoto(index, i, 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="desk-button desk-quiet"
                  aria-label={`Remove colour ${n} photo ${i + 1}`}
                  onClick={() => removePhoto(index, i)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {imagesProblem && (
        <p className="desk-error-text" id={`${imagesId}-problem`} role="alert">
          {colourLabel(n, 'images')}: {imagesProblem}
        </p>
      )}
      <div className="desk-actions">
        <label className={`desk-button desk-editor-file${full ? ' desk-editor-off' : ''}`}>
          Take a photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            aria-label={`Take a photo for colour ${n}`}
            aria-invalid={!!imagesProblem}
            aria-describedby={imagesProblem ? `${imagesId}-problem` : undefined}
            disabled={full}
            onChange={(e) => {
              pick(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <label
          className={`desk-button desk-quiet desk-editor-file${full ? ' desk-editor-off' : ''}`}
        >
          Choose from gallery
          <input
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            aria-label={`Choose photos for colour ${n}`}
            aria-invalid={!!imagesProblem}
            aria-describedby={imagesProblem ? `${imagesId}-problem` : undefined}
            disabled={full}
            onChange={(e) => {
              pick(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
        {count > 1 && (
          <button
            type="button"
            className="desk-button desk-danger"
            onClick={() => removeColour(index)}
          >
            Remove colour {n}
          </button>
        )}
      </div>
      {busy > 0 && (
        <p className="desk-hint" role="status">
          Uploading {busy === 1 ? '1 photo' : `${busy} photos`}…
        </p>
      )}
    </fieldset>
  );
}

/**
 * "Copy from a similar product": a choice of the catalogue and a button that fills what the form
 * leaves empty from it. Not a form of its own (it sits in the product's form): Enter in the choice
 * would save the product, so the button copies.
 */
function CopyFrom({ similar }: { similar: EditorState['similar'] }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div className="desk-field desk-copy-from">
      <label htmlFor={id}>Copy from a similar product</label>
      <span className="desk-row">
        <select id={id} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
          <option value="">Choose a product…</option>
          {similar.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="desk-button desk-quiet"
          aria-disabled={busy || chosen === '' ? true : undefined}
          onClick={() => {
            if (busy || chosen === '') return;
            setBusy(true);
            void copyFromProduct(chosen).finally(() => setBusy(false));
          }}
        >
          Copy
        </button>
      </span>
      <small className="desk-hint">
        Fills the empty fields: category, maker, prices, description, specifications. Never the
        name, colours or photos.
      </small>
    </div>
  );
}

/** The editor screen: `#/products/new` or `#/products/<id>`. */
export default function ProductEditor({ params }: ScreenProps) {
  const state = useStore($editor);
  const formRef = useRef<HTMLFormElement>(null);
  const productId = params.product ?? null;

  // Emptied (or set loading) in the render's own task, as New order: a name typed into a new
  // product's first frame is kept. Closed when the screen goes, so a product opened again shows
  // "Loading product…" in its first frame, not the form left behind (this component's store
  // subscription starts after that frame, so the frame is drawn from the state it found).
  useLayoutEffect(() => {
    void openEditor(productId);
    return closeEditor;
  }, [productId]);

  // Edits not saved make leaving the screen ask first; leaving the screen ends the question.
  const edited = editorUnsaved(state);
  // In the render's own task (a layout effect), so a tap or a closed tab straight after typing
  // already finds the edit known.
  useLayoutEffect(() => setUnsaved(UNSAVED_FORM, edited), [edited]);
  useEffect(() => () => setUnsaved(UNSAVED_FORM, false), []);

  // A refused save moves focus to the first field with a problem.
  useEffect(() => {
    if (state.refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.refusals]);

  if (state.productId !== productId || state.status === 'loading') return <p>Loading product…</p>;
  if (state.status === 'missing')
    return (
      <p>
        No such product. <a href="#/products">Back to products</a>
      </p>
    );
  const { form, problems } = state;
  const uploading = Object.values(state.uploading).some((n) => n > 0);
  return (
    <form
      ref={formRef}
      className="desk-form desk-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveEditor();
      }}
    >
      <p className="desk-notice desk-editor-draft">
        Saved changes are a draft: not live until the owner publishes.
        {productId !== null && ` Id: ${productId}.`}
        {state.archived && ' This product is archived.'}
      </p>
      <p>
        <a href="#/products">Back to products</a>
      </p>
      {productId === null && <CopyFrom similar={state.similar} />}
      <TextField
        field="productName"
        label={FIELD.productName.label}
        value={form.productName}
        problem={problems.productName}
      />
      <TextField
        field="maker"
        label={FIELD.maker.label}
        value={form.maker}
        problem={problems.maker}
      />
      <Labelled label={FIELD.category.label} problem={problems.category}>
        {(aria) => (
          <select
            {...aria}
            name="category"
            value={form.category.toLowerCase()}
            onChange={(e) => setField('category', e.currentTarget.value)}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c[0]!.toUpperCase() + c.slice(1)}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <TextField
        field="price"
        label={FIELD.price.label}
        hint={FIELD.price.hint}
        value={form.price}
        problem={problems.price}
        inputMode="decimal"
      />
      <TextField
        field="discountPercent"
        label={FIELD.discountPercent.label}
        hint={FIELD.discountPercent.hint}
        value={form.discountPercent}
        problem={problems.discountPercent}
        inputMode="decimal"
      />
      <TextField
        field="wholesalePrice"
        label={FIELD.wholesalePrice.label}
        hint={FIELD.wholesalePrice.hint}
        value={form.wholesalePrice}
        problem={problems.wholesalePrice}
        inputMode="decimal"
      />
      <label className="desk-check">
        <input
          type="checkbox"
          name="bestSeller"
          checked={form.bestSeller}
          onChange={(e) => setField('bestSeller', e.currentTarget.checked)}
        />
        {FIELD.bestSeller.label}
      </label>
      <Labelled label={FIELD.para.label} problem={problems.para}>
        {(aria) => (
          <textarea
            {...aria}
            name="para"
            rows={5}
            value={form.para}
            onChange={(e) => setField('para', e.currentTarget.value)}
          />
        )}
      </Labelled>
      <fieldset className="desk-editor-specs">
        <legend>Specifications (optional: shoppers see only those filled)</legend>
        {SPEC_FIELDS.map((f) => (
          <TextField
            key={f}
            field={`specs.${f}`}
            label={SPEC_DECLARATIONS[f].label}
            value={form.specs[f]}
            problem={problems[`specs.${f}`]}
          />
        ))}
      </fieldset>
      <h2 className="desk-section">{COLOURS_FIELD.label}</h2>
      {problems.colours && (
        <p className="desk-error-text">
          {COLOURS_FIELD.label}: {problems.colours}
        </p>
      )}
      <datalist id="desk-known-colours">
        {KNOWN_COLOURS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {form.colours.map((_, i) => (
        <ColourFields key={i} index={i} count={form.colours.length} />
      ))}
      {form.colours.length < MAX_COLOURS && (
        <button type="button" className="desk-button desk-quiet" onClick={addColour}>
          Add a colour
        </button>
      )}
      <button
        type="submit"
        className="desk-button desk-editor-save"
        disabled={state.saving || uploading}
      >
        {state.saving ? 'Saving…' : uploading ? 'Uploading photos…' : 'Save'}
      </button>
    </form>
  );
}
