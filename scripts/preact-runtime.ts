// The whole site runs on Preact, through its React-compatible layer (preact/compat): the shop's
// islands and the desk alike are written against React's API (its hooks, types and lint rules) and
// drawn by Preact. This file is the two halves of that:
//
// - `preactRuntime()`, a Vite plugin: every import of React's modules resolves to Preact's, in the
//   browser's build, in the build that renders the islands' HTML and under `astro dev`;
//   @nanostores/react is bundled (not loaded by Node) when rendering HTML, so that its `react`
//   import is aliased too.
// - `preactIslands()`, an Astro integration: the renderer Astro draws and hydrates the islands with
//   (src/directives/preact-server.ts and preact-client.ts). It is written here rather than taken
//   from @astrojs/preact, whose release asks for Preact 10 (this site runs 11) and brings Babel and
//   Preact's dev-time refresh, which nothing here uses: both halves are a few lines on Preact's own
//   `hydrate`, `render` and preact-render-to-string.
//
// Why: React's runtime was 60 KB (gzip) of every page's script, and at 4× CPU its evaluation alone
// held a phone's main thread for about 250 ms, on the first tap of every page and before /Cart and
// /Checkout could answer at all (a CPU profile of the desk, which moved first); Preact with its
// compatibility layer is about 12 KB.
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** React's modules as the code imports them, and Preact's module that takes each one's place. */
export const PREACT_RUNTIME: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** Packages that import React themselves: bundled in the server build, so they get Preact too. */
const REACT_DEPENDENTS = ['@nanostores/react'];

/** Each of React's modules, matched whole, replaced by Preact's. */
export const PREACT_ALIASES = Object.entries(PREACT_RUNTIME).map(([react, preact]) => ({
  find: new RegExp(`^${react.replaceAll('/', '\\/')}$`),
  replacement: preact,
}));

export function preactRuntime(): Plugin {
  return {
    name: 'preact-runtime',
    // Aliases, not a resolver hook: `astro dev` renders the islands' HTML through Vite's module
    // runner, where only aliases reach every import (a hook left React under the dev server).
    config: () => ({ resolve: { alias: PREACT_ALIASES }, ssr: { noExternal: REACT_DEPENDENTS } }),
  };
}

/** The islands' renderer: `client:only="preact"` names it. */
export function preactIslands(): AstroIntegration {
  return {
    name: 'preact-islands',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: 'preact',
          clientEntrypoint: './src/directives/preact-client.ts',
          serverEntrypoint: './src/directives/preact-server.ts',
        });
      },
    },
  };
}
