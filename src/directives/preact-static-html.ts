// An island's Astro-rendered children and named slots, passed to it as props: the HTML Astro drew,
// inside the <astro-slot> Astro looks for, never redrawn by Preact.
import { h } from 'preact';

/** The slot's HTML in an `astro-slot` element (`astro-static-slot` when the island never hydrates). */
export function StaticHtml({
  value,
  name,
  hydrate = true,
}: {
  value?: string | null;
  name?: string;
  hydrate?: boolean;
}) {
  if (!value) return null;
  return h(hydrate ? 'astro-slot' : 'astro-static-slot', {
    name,
    dangerouslySetInnerHTML: { __html: value },
  });
}
// Astro's HTML is the slot's for good: Preact never compares or patches it.
StaticHtml.shouldComponentUpdate = () => false;
