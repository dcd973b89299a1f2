// The desk is installable: its manifest (start and scope /desk, standalone, the brand colour),
// icons of 192 and 512 pixels and a maskable one made from the shop's logo, linked from the desk
// page only; and its service worker may serve /desk from /desk/sw.js under the desk's strict CSP.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { DESK_THEME, deskManifest } from '../../src/lib/desk-manifest.ts';

const toml = readFileSync('netlify.toml', 'utf8');
const manifest = JSON.parse(readFileSync('public/desk/manifest.webmanifest', 'utf8')) as ReturnType<
  typeof deskManifest
>;

describe("the desk's web app manifest", () => {
  it('is what `npm run desk-icons` writes: the desk, standalone, in the shop’s brand colour', () => {
    expect(manifest).toEqual(deskManifest());
    expect(manifest).toMatchObject({
      start_url: '/desk',
      scope: '/desk',
      display: 'standalone',
    });
    const brand = /--brand:\s*(#[0-9a-f]{6});/i.exec(readFileSync('src/styles/global.css', 'utf8'));
    expect(DESK_THEME).toBe(brand?.[1]);
  });

  it('names icons that exist at the sizes it says, a maskable one among them', async () => {
    for (const icon of manifest.icons) {
      const meta = await sharp(readFileSync(`public${icon.src}`)).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('is linked from the desk page only, not from the invitation page', () => {
    const layout = readFileSync('src/layouts/DeskLayout.astro', 'utf8');
    expect(layout).toContain('installable && (');
    expect(readFileSync('src/pages/desk/index.astro', 'utf8')).toContain(
      '<DeskLayout title="Order desk" installable>',
    );
    expect(readFileSync('src/pages/desk/invite.astro', 'utf8')).not.toContain('installable');
  });
});

describe("the desk's service worker", () => {
  it('may serve the scope /desk from /desk/sw.js', () => {
    expect(netlifyHeadersFor(toml, '/desk/sw.js')).toEqual({ 'Service-Worker-Allowed': '/desk' });
  });

  it('is allowed by the desk’s CSP from this origin only, as its manifest is', () => {
    const csp = netlifyHeadersFor(toml, '/desk')['Content-Security-Policy']!;
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toContain("manifest-src 'self';");
    expect(csp).toContain("script-src 'self';");
  });

  it('handles push and notificationclick only: it answers no request and caches nothing', () => {
    const worker = readFileSync('public/desk/sw.js', 'utf8');
    const events = [...worker.matchAll(/addEventListener\('(\w+)'/g)].map((m) => m[1]);
    expect(events).toEqual(['install', 'activate', 'push', 'notificationclick']);
    expect(worker).not.toMatch(/caches\.|respondWith/);
  });
});
