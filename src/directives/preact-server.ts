// The islands' renderer at build time (scripts/preact-runtime.ts): draws an island's HTML with
// Preact, its children and named slots as Astro drew them.
import { h, type ComponentType } from 'preact';
import 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { StaticHtml } from './preact-static-html.ts';

type Slots = Record<string, string | undefined> & { default?: string };
type Metadata = { hydrate?: string; astroStaticSlot?: boolean };

/** A slot's prop name as Astro passes it (`my-slot` becomes `mySlot`). */
const slotName = (name: string) =>
  name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Every island of this site is a Preact (compat) function component. */
function check(Component: unknown): boolean {
  return typeof Component === 'function';
}

function renderToStaticMarkup(
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Slots,
  metadata?: Metadata,
) {
  const hydrate = metadata?.astroStaticSlot ? !!metadata.hydrate : true;
  const slots: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    slots[name] = h(StaticHtml, { value, name, hydrate });
  }
  const { class: _class, ...rest } = props;
  const html = renderToString(
    h(
      Component,
      { ...rest, ...slots },
      children == null ? null : h(StaticHtml, { value: children, hydrate }),
    ),
  );
  return { attrs: {}, html };
}

export default { name: 'preact', check, renderToStaticMarkup, supportsAstroStaticSlot: true };
