// The islands' renderer in the browser (scripts/preact-runtime.ts): hydrates an island's HTML with
// Preact, or draws a `client:only` island into it. Preact hydrates in the call, so once Astro's
// `hydrate()` has resolved every element of the island is Preact's.
import { h, hydrate, render, type ComponentType } from 'preact';
import 'preact/compat';
import { StaticHtml } from './preact-static-html.ts';

type Slots = Record<string, string | undefined> & { default?: string };

export default (element: HTMLElement) =>
  (
    Component: ComponentType<Record<string, unknown>>,
    props: Record<string, unknown>,
    { default: children, ...slotted }: Slots,
    { client }: { client: string },
  ) => {
    if (!element.hasAttribute('ssr')) return;
    for (const [key, value] of Object.entries(slotted))
      props[key] = h(StaticHtml, { value, name: key });
    const island = h(
      Component,
      props,
      children == null ? null : h(StaticHtml, { value: children }),
    );
    (client === 'only' ? render : hydrate)(island, element);
    element.addEventListener('astro:unmount', () => render(null, element), { once: true });
  };
