// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { cspHeaders } from './scripts/csp.ts';
import { inlineScripts } from './scripts/inline-script.ts';
import { preactIslands, preactRuntime } from './scripts/preact-runtime.ts';
import { deskPreload } from './scripts/desk-preload.ts';
import { photoPipeline, trendingModule } from './src/server/catalogue/index.ts';
import { openDemoPhotoStore } from './src/demo/photos/open.ts';
import { shopSettingsModule } from './src/server/operations/index.ts';
import { isNoindexPath } from './src/lib/routes.ts';

const isDev = process.argv.includes('dev');

/**
 * Registers `client:interaction` (src/directives/interaction.ts): hydrate on first touch.
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'client-interaction-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
    },
  },
};
const netlifyPlugins = isDev ? [(await import('@netlify/vite-plugin')).default()] : [];

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://bastaa.pk',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [
    preactIslands(),
    interactionDirective,
    // `npm start` sets PHOTOS_LATER=1: it serves at once and makes the uncached photos meanwhile.
    photoPipeline(openDemoPhotoStore, { later: process.env.PHOTOS_LATER === '1' }),
    shopSettingsModule(),
    trendingModule(),
    // The pages whose robots meta says noindex (ShopLayout reads the same list) stay out of it.
    sitemap({ filter: (page) => !isNoindexPath(new URL(page).pathname) }),
    // The desk page's first screen as modulepreload links (the client build names its files).
    deskPreload(),
    // Last: it hashes the inline scripts of the finished pages.
    cspHeaders(),
  ],
  vite: { plugins: [preactRuntime(), inlineScripts(), ...netlifyPlugins] },
  server: { port: Number(process.env.PORT ?? 4321) },
});
