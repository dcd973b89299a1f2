// The desk's home-screen icons and web app manifest, made from the shop's own logo
// (public/favicon.svg) in the brand colour (src/lib/desk-manifest.ts DESK_THEME, the styles' --brand):
//
//   npm run desk-icons     writes public/desk/icon-192.png, icon-512.png, icon-maskable-512.png
//                          and manifest.webmanifest
//
// The files are committed; tests/unit/desk-manifest.test.ts fails when they differ from what this
// makes (a new logo or brand colour needs a run of this script).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DESK_THEME, deskManifest } from '../src/lib/desk-manifest.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'public/desk');

/** The logo in white, `size` pixels wide, centred on a square of the brand colour. */
async function icon(size: number, logoShare: number, corner: number): Promise<Buffer> {
  const theme = DESK_THEME;
  const logo = readFileSync(path.join(ROOT, 'public/favicon.svg'), 'utf8').replaceAll(
    new RegExp(theme, 'gi'),
    '#ffffff',
  );
  const side = Math.round(size * logoShare);
  const mark = await sharp(Buffer.from(logo), { density: 72 * (side / 32) })
    .resize(side, side)
    .png()
    .toBuffer();
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${corner}" fill="${theme}"/></svg>`,
  );
  return sharp(background)
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Every file this script writes, by name in public/desk. */
export async function deskIconFiles(): Promise<Record<string, Buffer | string>> {
  return {
    'icon-192.png': await icon(192, 0.6, 36),
    'icon-512.png': await icon(512, 0.6, 96),
    // A maskable icon is cropped to a circle or squircle: the logo stays in the middle 40%, full
    // bleed around it (the safe zone is the central 80%).
    'icon-maskable-512.png': await icon(512, 0.4, 0),
    'manifest.webmanifest': `${JSON.stringify(deskManifest(), null, 2)}\n`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, content] of Object.entries(await deskIconFiles()))
    writeFileSync(path.join(OUT, name), content);
  console.log(`public/desk: icons and manifest written (theme ${DESK_THEME})`);
}
