// The islands' renderer at build time (src/directives/preact-server.ts) and the build's mapping of
// React's modules to Preact's (scripts/preact-runtime.ts).
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import renderer from '../../src/directives/preact-server.ts';
import { PREACT_ALIASES, PREACT_RUNTIME, preactRuntime } from '../../scripts/preact-runtime.ts';

/** An island as Astro hands it over: its props, and Astro's children and slots among them. */
const Card = (props: Record<string, unknown>) =>
  h('section', { 'data-class': String(props.class) }, [
    h('h2', null, props.title as string),
    props.children as never,
    props.footNote as never,
  ]);

describe('the islands renderer', () => {
  it('draws an island with its props', () => {
    const { html } = renderer.renderToStaticMarkup(Card, { title: 'Margalla <Bagpack>' }, {});
    expect(html).toBe('<section data-class="undefined"><h2>Margalla &lt;Bagpack></h2></section>');
  });

  it("puts Astro's children in an astro-slot, and a named slot under its camel-cased prop", () => {
    const { html } = renderer.renderToStaticMarkup(
      Card,
      { title: 'T' },
      { default: '<p>static</p>', 'foot-note': '<small>n</small>' },
    );
    expect(html).toBe(
      '<section data-class="undefined"><h2>T</h2><astro-slot><p>static</p></astro-slot>' +
        '<astro-slot name="footNote"><small>n</small></astro-slot></section>',
    );
  });

  it('marks the slots of an island that never hydrates as static', () => {
    const { html } = renderer.renderToStaticMarkup(
      Card,
      { title: 'T' },
      { default: '<p>s</p>' },
      { astroStaticSlot: true },
    );
    expect(html).toContain('<astro-static-slot><p>s</p></astro-static-slot>');
  });

  it("keeps Astro's class attribute off the island's props, as Astro's own renderers do", () => {
    const { html } = renderer.renderToStaticMarkup(Card, { title: 'T', class: 'x' }, {});
    expect(html).toContain('data-class="undefined"');
  });

  it('claims function components only', () => {
    expect(renderer.check(Card)).toBe(true);
    expect(renderer.check('section')).toBe(false);
    expect(renderer.check({})).toBe(false);
  });
});

describe("the build's runtime mapping", () => {
  it("aliases each of React's modules, matched whole, to Preact's, and no other import", () => {
    const resolve = (source: string) =>
      PREACT_ALIASES.find((a) => a.find.test(source))?.replacement ?? source;
    expect(resolve('react')).toBe('preact/compat');
    expect(resolve('react-dom')).toBe('preact/compat');
    expect(resolve('react-dom/client')).toBe('preact/compat/client');
    expect(resolve('react/jsx-runtime')).toBe('preact/compat/jsx-runtime');
    expect(resolve('react/jsx-dev-runtime')).toBe('preact/compat/jsx-dev-runtime');
    for (const other of ['reactive', 'react-dom/server', '@nanostores/react', 'preact', './react'])
      expect(resolve(other)).toBe(other);
    expect(PREACT_ALIASES).toHaveLength(Object.keys(PREACT_RUNTIME).length);
  });

  it('gives the build those aliases, and bundles @nanostores/react where the HTML is drawn', () => {
    const config = (preactRuntime().config as () => Record<string, unknown>)();
    expect(config).toEqual({
      resolve: { alias: PREACT_ALIASES },
      ssr: { noExternal: ['@nanostores/react'] },
    });
  });
});
