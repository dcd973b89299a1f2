// The catalogue version these pages were built from. The desk's deploy
// progress reads it from the live site to confirm a deploy live; netlify.toml keeps it uncached.
import type { APIRoute } from 'astro';
import { getCatalogueVersion } from '../server/catalogue/index.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ version: await getCatalogueVersion() }), {
    headers: { 'Content-Type': 'application/json' },
  });
