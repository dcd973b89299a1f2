// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

const isDev = process.argv.includes('dev');
const netlifyPlugins = isDev ? [(await import('@netlify/vite-plugin')).default()] : [];

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://bastaa.pk',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react(), sitemap({ filter: (page) => !/\/(Checkout|Cart|cart|mySetting|yourOrders|favourites|yourFavourites)\/?$/.test(page) })],
  vite: { plugins: netlifyPlugins },
  server: { port: Number(process.env.PORT ?? 4321) },
});
