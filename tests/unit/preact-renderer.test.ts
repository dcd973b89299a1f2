// The islands' renderer at build time (src/directives/preact-server.ts) and the build's mapping of
// React's modules to Preact's (scripts/preact-runtime.ts).
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import renderer from '../../src/directives/preact-server.ts';
import { PREACT_RUNTIME, preactRuntime } from '../../scripts/preact-runtime.ts';

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
  it("resolves each of React's modules to Preact's, and leaves every other import alone", async () => {
    const plugin = preactRuntime();
    const asked: string[] = [];
    const context = {
      resolve: async (source: string) => {
        asked.push(source);
        return { id: `/node_modules/${source}.js` };
      },
    };
    const resolveId = plugin.resolveId as unknown as (
      this: typeof context,
      source: string,
      importer: string,
      options: object,
    ) => Promise<{ id: string } | null> | null;
    for (const [react, preact] of Object.entries(PREACT_RUNTIME))
      expect(await resolveId.call(context, react, '/src/islands/x.tsx', {})).toEqual({
        id: `/node_modules/${preact}.js`,
      });
    expect(await resolveId.call(context, 'nanostores', '/src/stores/x.ts', {})).toBeNull();
    expect(asked).toEqual(Object.values(PREACT_RUNTIME));
    expect(Object.keys(PREACT_RUNTIME)).toEqual([
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
    ]);
  });
});
