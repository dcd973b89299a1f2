// Writes data/catalogue.json and the product illustrations in public/images/products/.
// Run: node scripts/generate-catalogue.ts   (deterministic: running twice gives identical bytes)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueSchema, type Product } from '../src/lib/product.ts';
import { SWATCHES } from '../src/lib/swatches.ts';
import { demoCatalogue } from '../data/generate.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOGUE_FILE = path.join(ROOT, 'data', 'catalogue.json');
const PUBLIC_DIR = path.join(ROOT, 'public');
const IMAGE_DIR = path.join(PUBLIC_DIR, 'images', 'products');

const VIEWS = ['front view', 'side view', 'open view showing the inside', 'close-up detail view'];

interface Palette {
  body: string;
  dark: string;
  mid: string;
  light: string;
  line: string;
  inner: string;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, toward: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(toward);
  return `#${a
    .map((v, i) => Math.round(v + ((b[i] as number) - v) * amount))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

function palette(colour: string): Palette {
  const body = SWATCHES[colour];
  if (!body)
    throw new Error(`No swatch for colour "${colour}"; add it to SWATCHES in src/lib/swatches.ts`);
  const [r, g, b] = rgb(body);
  const dim = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.3;
  return {
    body,
    dark: mix(body, '#000000', dim ? 0.45 : 0.35),
    mid: dim ? mix(body, '#ffffff', 0.12) : mix(body, '#000000', 0.12),
    light: mix(body, '#ffffff', 0.45),
    line: dim ? mix(body, '#ffffff', 0.5) : mix(body, '#000000', 0.5),
    inner: mix(body, '#000000', 0.6),
  };
}

const METAL = 'fill="#cfd2d6" stroke="#6d7278" stroke-width="4"';
const GOLD = 'fill="#d9b75c" stroke="#8a6d1f" stroke-width="4"';

function zip(d: string, p: Palette, w = 6): string {
  return `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="${w}" stroke-dasharray="9 6"/>`;
}

function bagpack(view: number, p: Palette): string {
  const edge = `stroke="${p.dark}" stroke-width="6"`;
  switch (view) {
    case 0:
      return (
        `<path d="M352 215Q400 110 448 215" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>` +
        `<rect x="250" y="190" width="300" height="470" rx="80" fill="${p.body}" ${edge}/>` +
        zip('M278 300Q400 210 522 300', p) +
        `<rect x="290" y="420" width="220" height="200" rx="40" fill="${p.mid}" ${edge}/>` +
        zip('M310 458H490', p) +
        `<rect x="476" y="450" width="10" height="32" rx="4" fill="${p.line}"/>` +
        `<rect x="368" y="530" width="64" height="34" rx="6" fill="${p.light}"/>`
      );
    case 1:
      return (
        `<path d="M340 240C240 300 240 530 350 615" fill="none" stroke="${p.dark}" stroke-width="28" stroke-linecap="round"/>` +
        `<rect x="330" y="195" width="150" height="465" rx="55" fill="${p.body}" ${edge}/>` +
        zip('M355 225Q405 195 455 225', p) +
        `<rect x="330" y="380" width="150" height="16" fill="${p.dark}"/>` +
        `<rect x="440" y="372" width="28" height="32" rx="4" ${METAL}/>` +
        `<path d="M345 470H470V610Q470 640 440 640H375Q345 640 345 610Z" fill="${p.mid}" ${edge}/>` +
        `<path d="M345 480H470" stroke="${p.line}" stroke-width="5"/>`
      );
    case 2:
      return (
        `<path d="M270 300Q400 110 530 300Z" fill="${p.mid}" ${edge}/>` +
        `<rect x="250" y="270" width="300" height="390" rx="70" fill="${p.body}" ${edge}/>` +
        `<ellipse cx="400" cy="300" rx="135" ry="40" fill="${p.inner}"/>` +
        `<rect x="325" y="215" width="150" height="95" rx="8" fill="#b9bdc3" stroke="#5f646a" stroke-width="4"/>` +
        `<rect x="420" y="240" width="40" height="65" rx="6" fill="${p.light}"/>` +
        `<path d="M262 300Q400 350 538 300" fill="none" stroke="${p.dark}" stroke-width="10"/>` +
        zip('M268 312Q400 362 532 312', p, 5) +
        `<rect x="300" y="450" width="200" height="170" rx="36" fill="${p.mid}" ${edge}/>`
      );
    default:
      return detail(p, 'zip');
  }
}

function handbag(view: number, p: Palette): string {
  const edge = `stroke="${p.dark}" stroke-width="6" stroke-linejoin="round"`;
  const body = 'M240 330H560L610 640Q612 660 590 660H210Q188 660 190 640Z';
  switch (view) {
    case 0:
      return (
        `<path d="M290 340C290 175 510 175 510 340" fill="none" stroke="${p.dark}" stroke-width="18"/>` +
        `<path d="${body}" fill="${p.body}" ${edge}/>` +
        `<path d="M240 330H560L576 450Q400 505 224 450Z" fill="${p.mid}" ${edge}/>` +
        `<circle cx="400" cy="475" r="20" ${GOLD}/>` +
        `<rect x="275" y="322" width="30" height="34" rx="5" fill="${p.dark}"/>` +
        `<rect x="495" y="322" width="30" height="34" rx="5" fill="${p.dark}"/>` +
        `<path d="M212 630H588" stroke="${p.line}" stroke-width="3" stroke-dasharray="10 8"/>`
      );
    case 1:
      return (
        `<path d="M380 335C360 190 440 190 420 335" fill="none" stroke="${p.dark}" stroke-width="16"/>` +
        `<path d="M345 330H455L492 645Q494 660 478 660H322Q306 660 308 645Z" fill="${p.body}" ${edge}/>` +
        `<path d="M400 330L380 420L400 660M400 330L420 420L400 660" fill="none" stroke="${p.dark}" stroke-width="3"/>` +
        `<path d="M318 630H482" stroke="${p.line}" stroke-width="3" stroke-dasharray="10 8"/>`
      );
    case 2:
      return (
        `<path d="M245 340C150 300 140 440 212 480" fill="none" stroke="${p.dark}" stroke-width="16"/>` +
        `<path d="M555 340C650 300 660 440 588 480" fill="none" stroke="${p.dark}" stroke-width="16"/>` +
        `<path d="${body}" fill="${p.body}" ${edge}/>` +
        `<ellipse cx="400" cy="332" rx="158" ry="34" fill="${p.inner}"/>` +
        `<rect x="300" y="270" width="62" height="76" rx="8" fill="#3b3f45"/>` +
        `<rect x="420" y="285" width="90" height="58" rx="10" fill="${p.light}"/>` +
        `<path d="M244 336Q400 376 556 336" fill="none" stroke="${p.dark}" stroke-width="8"/>` +
        `<path d="M212 630H588" stroke="${p.line}" stroke-width="3" stroke-dasharray="10 8"/>`
      );
    default:
      return detail(p, 'clasp');
  }
}

function sleeve(view: number, p: Palette): string {
  const edge = `stroke="${p.dark}" stroke-width="6"`;
  switch (view) {
    case 0:
      return (
        `<rect x="130" y="230" width="540" height="380" rx="36" fill="${p.body}" ${edge}/>` +
        zip('M170 262H624Q638 262 638 276V570', p) +
        `<rect x="630" y="420" width="16" height="44" rx="6" ${METAL}/>` +
        `<rect x="190" y="410" width="260" height="160" rx="18" fill="${p.mid}" ${edge}/>` +
        zip('M208 440H432', p, 5) +
        `<rect x="540" y="530" width="70" height="30" rx="5" fill="${p.light}"/>`
      );
    case 1:
      return (
        `<rect x="355" y="180" width="90" height="470" rx="30" fill="${p.body}" ${edge}/>` +
        zip('M400 200V630', p) +
        `<rect x="390" y="240" width="20" height="44" rx="6" ${METAL}/>` +
        `<path d="M372 200V630M428 200V630" stroke="${p.mid}" stroke-width="4"/>`
      );
    case 2:
      return (
        `<rect x="195" y="170" width="410" height="250" rx="14" fill="#b3b8be" stroke="#5b6066" stroke-width="5"/>` +
        `<rect x="225" y="195" width="350" height="200" rx="6" fill="#2f3338"/>` +
        `<rect x="150" y="300" width="500" height="320" rx="34" fill="${p.body}" ${edge}/>` +
        `<rect x="160" y="302" width="480" height="18" rx="8" fill="${p.inner}"/>` +
        zip('M170 332H630', p, 5) +
        `<rect x="610" y="326" width="40" height="16" rx="6" ${METAL}/>`
      );
    default:
      return detail(p, 'corner');
  }
}

/** A close-up of one part of the bag: zip and puller, turn-lock clasp, or padded corner. */
function detail(p: Palette, kind: 'zip' | 'clasp' | 'corner'): string {
  const base =
    `<rect x="100" y="150" width="600" height="520" rx="40" fill="${p.body}" stroke="${p.dark}" stroke-width="6"/>` +
    `<rect x="128" y="178" width="544" height="464" rx="26" fill="none" stroke="${p.line}" stroke-width="3" stroke-dasharray="12 8"/>`;
  if (kind === 'zip') {
    return (
      base +
      `<path d="M100 330H700" stroke="${p.dark}" stroke-width="28"/>` +
      `<path d="M100 330H700" stroke="${p.line}" stroke-width="14" stroke-dasharray="6 6"/>` +
      `<rect x="420" y="305" width="70" height="50" rx="10" ${METAL}/>` +
      `<rect x="440" y="350" width="30" height="96" rx="12" ${METAL}/>` +
      `<rect x="290" y="480" width="220" height="90" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>`
    );
  }
  if (kind === 'clasp') {
    return (
      base +
      `<path d="M100 150H700V360Q400 470 100 360Z" fill="${p.mid}" stroke="${p.dark}" stroke-width="6"/>` +
      `<path d="M130 350Q400 450 670 350" fill="none" stroke="${p.line}" stroke-width="3" stroke-dasharray="12 8"/>` +
      `<rect x="330" y="380" width="140" height="100" rx="20" ${GOLD}/>` +
      `<rect x="385" y="395" width="30" height="70" rx="10" fill="#f1db95" stroke="#8a6d1f" stroke-width="4"/>`
    );
  }
  return (
    base +
    `<path d="M100 290H560Q580 290 580 310V670" fill="none" stroke="${p.mid}" stroke-width="40"/>` +
    zip('M100 290H560Q580 290 580 310V670', p, 10) +
    `<rect x="562" y="420" width="36" height="80" rx="10" ${METAL}/>` +
    `<path d="M140 400H520M140 500H520M140 600H520" stroke="${p.dark}" stroke-width="3" opacity=".5"/>`
  );
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** One product illustration: a category-shaped bag in the colour, from the given view (0-3). */
function productSvg(product: Product, colour: string, view: number): string {
  const p = palette(colour);
  const title = `${product.productName} in ${colour}, ${VIEWS[view]}`;
  const draw =
    product.category === 'bagpacks' ? bagpack : product.category === 'handbags' ? handbag : sleeve;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="800" height="800" fill="${mix(p.body, '#f6f2ea', 0.88)}"/>` +
    `<ellipse cx="400" cy="690" rx="250" ry="22" fill="#000" opacity=".12"/>` +
    draw(view, p) +
    `</svg>\n`
  );
}

function main(): number {
  const catalogue = demoCatalogue();
  const checked = catalogueSchema.safeParse(catalogue);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      console.error(`catalogue ${issue.path.join('.')}: ${issue.message}`);
    }
    return 1;
  }
  writeFileSync(CATALOGUE_FILE, JSON.stringify(catalogue, null, 2) + '\n');

  mkdirSync(IMAGE_DIR, { recursive: true });
  for (const file of readdirSync(IMAGE_DIR)) {
    if (file.endsWith('.svg')) rmSync(path.join(IMAGE_DIR, file));
  }
  let count = 0;
  let bytes = 0;
  for (const product of catalogue) {
    for (const { color, images } of product.colorImages) {
      images.forEach((src, view) => {
        const svg = productSvg(product, color, view);
        writeFileSync(path.join(PUBLIC_DIR, src), svg);
        count += 1;
        bytes += Buffer.byteLength(svg);
      });
    }
  }
  console.log(
    `Wrote ${path.relative(ROOT, CATALOGUE_FILE)} (${catalogue.length} products) and ${count} SVGs (${bytes} bytes) in ${path.relative(ROOT, IMAGE_DIR)}.`,
  );
  return 0;
}

process.exitCode = main();
