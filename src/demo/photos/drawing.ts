// The demo bags' shapes, as SVG: a category-shaped bag (bagpack, handbag or sleeve) in a colour,
// from one of four views, with the product's own silhouette, flap, pockets, hardware, stitching
// and pattern. src/demo/photos/render.ts lights and textures it into a photograph.
// Pure: no I/O, no clocks, no randomness (the same product, colour and view give the same SVG).
import type { Product } from '../../lib/product.ts';
import { SWATCHES } from '../../lib/swatches.ts';

/** The views of a product, in gallery order: 2 views are front and side, 3 add the back. */
const VIEW_NAMES = ['front view', 'side view', 'back view'];

/**
 * What makes one product look like itself: its silhouette, flap, pocket, straps, hardware,
 * stitching and pattern. Drawn from its id, so a product keeps its look across colours and runs.
 */
export interface Traits {
  /** 0 slim, 1 regular, 2 wide. */
  shape: number;
  /** Bagpacks: 0 none, 1 roll-top with buckle, 2 flap with two straps; handbags: flap depth. */
  flap: number;
  /** 0 one pocket, 1 two pockets, 2 no pocket. */
  pocket: number;
  gold: boolean;
  stitch: boolean;
  /** 0 plain, 1 stripes, 2 quilted, 3 check. */
  pattern: number;
  /** The fourth view: 'open' or 'detail'. */
  fourth: 'open' | 'detail';
}

/**
 * The traits of the n-th product of a category: silhouette, flap and pattern walk through every
 * combination (36), so no two products of a category share a front view; the rest vary with n.
 */
export function traits(n: number): Traits {
  return {
    shape: n % 3,
    flap: Math.floor(n / 3) % 3,
    pattern: Math.floor(n / 9) % 4,
    pocket: (n * 2 + 1) % 3,
    gold: n % 4 < 2,
    stitch: n % 5 < 3,
    fourth: n % 2 === 0 ? 'open' : 'detail',
  };
}

export function viewName(t: Traits, view: number): string {
  if (view < 3) return VIEW_NAMES[view] as string;
  return t.fourth === 'open' ? 'open view showing the inside' : 'close-up detail view';
}

/** The pattern swatch a patterned body is overlaid with (lines in the colour's line shade). */
function patternDefs(t: Traits, p: Palette): string {
  const body = [
    '',
    `<path d="M0 6H24M0 18H24" stroke="${p.line}" stroke-width="3" opacity=".35"/>`,
    `<path d="M0 0L24 24M24 0L0 24" stroke="${p.line}" stroke-width="2" opacity=".35"/>`,
    `<path d="M12 0V24M0 12H24" stroke="${p.line}" stroke-width="4" opacity=".25"/>`,
  ][t.pattern];
  return body
    ? `<defs><pattern id="pt" width="24" height="24" patternUnits="userSpaceOnUse">${body}</pattern></defs>`
    : '';
}

/** A body shape, filled, with the pattern over it and stitching inside its edge when the product has them. */
function skin(shape: string, t: Traits, p: Palette): string {
  let out = shape;
  if (t.pattern)
    out += shape
      .replace(/fill="[^"]*"/, 'fill="url(#pt)"')
      .replace(/stroke="[^"]*"/, 'stroke="none"');
  if (t.stitch)
    out += shape
      .replace(
        /fill="[^"]*"/,
        'fill="none" transform="translate(400 420) scale(.93) translate(-400 -420)"',
      )
      .replace(/stroke="[^"]*"/, `stroke="${p.line}" stroke-dasharray="8 7"`)
      .replace(/stroke-width="\d+"/, 'stroke-width="3"');
  return out;
}

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

function bagpack(view: number, p: Palette, t: Traits): string {
  const edge = `stroke="${p.dark}" stroke-width="6"`;
  const w = [250, 300, 340][t.shape] as number;
  const x = 400 - w / 2;
  const rx = [100, 70, 40][t.shape] as number;
  const hw = t.gold ? GOLD : METAL;
  const body = `<rect x="${x}" y="190" width="${w}" height="470" rx="${rx}" fill="${p.body}" ${edge}/>`;
  if (view === 0) {
    const top =
      t.flap === 1
        ? `<rect x="${x + 10}" y="140" width="${w - 20}" height="90" rx="18" fill="${p.mid}" ${edge}/><rect x="385" y="205" width="30" height="46" rx="6" ${hw}/>`
        : t.flap === 2
          ? `<path d="M${x}  ${190 + rx / 2}Q400 120 ${x + w} ${190 + rx / 2}V390Q400 430 ${x} 390Z" fill="${p.mid}" ${edge}/>` +
            `<path d="M${x + w * 0.3} 380V520M${x + w * 0.7} 380V520" stroke="${p.dark}" stroke-width="14"/>` +
            `<rect x="${x + w * 0.3 - 14}" y="500" width="28" height="24" rx="4" ${hw}/><rect x="${x + w * 0.7 - 14}" y="500" width="28" height="24" rx="4" ${hw}/>`
          : zip(`M${x + 28} 300Q400 210 ${x + w - 28} 300`, p);
    const pocket =
      t.pocket === 0
        ? `<rect x="${x + 40}" y="450" width="${w - 80}" height="170" rx="36" fill="${p.mid}" ${edge}/>` +
          zip(`M${x + 60} 488H${x + w - 60}`, p)
        : t.pocket === 1
          ? `<rect x="${x + 24}" y="460" width="${w / 2 - 34}" height="150" rx="24" fill="${p.mid}" ${edge}/>` +
            `<rect x="${410}" y="460" width="${w / 2 - 34}" height="150" rx="24" fill="${p.mid}" ${edge}/>`
          : `<rect x="368" y="560" width="64" height="34" rx="6" fill="${p.light}"/>`;
    return (
      `<path d="M352 ${t.flap === 1 ? 150 : 215}Q400 ${t.flap === 1 ? 60 : 110} 448 ${t.flap === 1 ? 150 : 215}" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>` +
      skin(body, t, p) +
      top +
      pocket
    );
  }
  if (view === 1) {
    const d = [120, 150, 175][t.shape] as number;
    return (
      `<path d="M340 240C240 300 240 530 350 615" fill="none" stroke="${p.dark}" stroke-width="28" stroke-linecap="round"/>` +
      skin(
        `<rect x="330" y="195" width="${d}" height="465" rx="${rx / 2 + 10}" fill="${p.body}" ${edge}/>`,
        t,
        p,
      ) +
      zip(`M355 225Q${330 + d / 2} 195 ${305 + d} 225`, p) +
      `<rect x="330" y="380" width="${d}" height="16" fill="${p.dark}"/>` +
      `<rect x="${d + 290}" y="372" width="28" height="32" rx="4" ${hw}/>` +
      `<path d="M345 470H${d + 320}V610Q${d + 320} 640 ${d + 290} 640H375Q345 640 345 610Z" fill="${p.mid}" ${edge}/>`
    );
  }
  if (view === 2) {
    return (
      `<path d="M360 200Q400 150 440 200" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>` +
      skin(body, t, p) +
      `<rect x="${x + 30}" y="230" width="${w - 60}" height="300" rx="40" fill="${p.mid}" ${edge}/>` +
      `<path d="M${x + w * 0.3} 215C${x + w * 0.2} 360 ${x + w * 0.2} 500 ${x + 20} 640" fill="none" stroke="${p.dark}" stroke-width="40" stroke-linecap="round"/>` +
      `<path d="M${x + w * 0.7} 215C${x + w * 0.8} 360 ${x + w * 0.8} 500 ${x + w - 20} 640" fill="none" stroke="${p.dark}" stroke-width="40" stroke-linecap="round"/>` +
      `<rect x="${x + w * 0.23}" y="470" width="26" height="30" rx="4" ${hw}/><rect x="${x + w * 0.77 - 26}" y="470" width="26" height="30" rx="4" ${hw}/>` +
      `<rect x="${x + 30}" y="560" width="${w - 60}" height="40" fill="${p.dark}" opacity=".6"/>`
    );
  }
  if (t.fourth === 'detail') return detail(p, 'zip', t);
  return (
    `<path d="M${x + 20} 300Q400 110 ${x + w - 20} 300Z" fill="${p.mid}" ${edge}/>` +
    skin(
      `<rect x="${x}" y="270" width="${w}" height="390" rx="${rx}" fill="${p.body}" ${edge}/>`,
      t,
      p,
    ) +
    `<ellipse cx="400" cy="300" rx="${w / 2 - 15}" ry="40" fill="${p.inner}"/>` +
    `<rect x="325" y="215" width="150" height="95" rx="8" fill="#b9bdc3" stroke="#5f646a" stroke-width="4"/>` +
    `<rect x="420" y="240" width="40" height="65" rx="6" fill="${p.light}"/>` +
    zip(`M${x + 18} 312Q400 362 ${x + w - 18} 312`, p, 5)
  );
}

function handbag(view: number, p: Palette, t: Traits): string {
  const edge = `stroke="${p.dark}" stroke-width="6" stroke-linejoin="round"`;
  const top = [130, 160, 190][t.shape] as number;
  const bottom = [185, 210, 240][t.shape] as number;
  const hw = t.gold ? GOLD : METAL;
  const body = `<path d="M${400 - top} 330H${400 + top}L${400 + bottom} 640Q${402 + bottom} 660 ${380 + bottom} 660H${420 - bottom}Q${398 - bottom} 660 ${400 - bottom} 640Z" fill="${p.body}" ${edge}/>`;
  const handles =
    t.shape === 0
      ? `<path d="M${400 - top} 340C${300 - top} 100 ${500 + top} 100 ${400 + top} 340" fill="none" stroke="${p.dark}" stroke-width="8"/>`
      : `<path d="M${400 - top * 0.6} 340C${400 - top * 0.6} 175 ${400 + top * 0.6} 175 ${400 + top * 0.6} 340" fill="none" stroke="${p.dark}" stroke-width="18"/>`;
  if (view === 0) {
    const depth = [0, 110, 200][t.flap] as number;
    const flap = depth
      ? `<path d="M${400 - top} 330H${400 + top}L${400 + top + depth / 8} ${330 + depth}Q400 ${360 + depth * 1.2} ${400 - top - depth / 8} ${330 + depth}Z" fill="${p.mid}" ${edge}/>` +
        `<rect x="385" y="${320 + depth}" width="30" height="36" rx="8" ${hw}/>`
      : zip(`M${410 - top} 352H${390 + top}`, p, 5);
    const pocket =
      t.pocket === 1
        ? `<rect x="${420 - bottom * 0.7}" y="520" width="${bottom * 1.4 - 40}" height="100" rx="10" fill="${p.mid}" ${edge}/>`
        : '';
    return handles + skin(body, t, p) + pocket + flap;
  }
  if (view === 1) {
    return (
      handles
        .replace(/stroke-width="\d+"/, 'stroke-width="10"')
        .replace(/M[\d.]+ 340C[\d. ]+ [\d.]+ 340/, 'M380 335C360 190 440 190 420 335') +
      skin(
        `<path d="M345 330H455L492 645Q494 660 478 660H322Q306 660 308 645Z" fill="${p.body}" ${edge}/>`,
        t,
        p,
      ) +
      `<path d="M400 330L380 420L400 660M400 330L420 420L400 660" fill="none" stroke="${p.dark}" stroke-width="3"/>` +
      `<rect x="455" y="345" width="14" height="26" rx="4" ${hw}/>`
    );
  }
  if (view === 2) {
    return (
      handles +
      skin(body, t, p) +
      zip(`M${420 - bottom * 0.7} 470H${380 + bottom * 0.7}`, p, 5) +
      `<rect x="${380 + bottom * 0.7 - 10}" y="458" width="16" height="30" rx="4" ${hw}/>`
    );
  }
  if (t.fourth === 'detail') return detail(p, 'clasp', t);
  return (
    handles +
    skin(body, t, p) +
    `<ellipse cx="400" cy="332" rx="${top - 2}" ry="34" fill="${p.inner}"/>` +
    `<rect x="330" y="270" width="62" height="76" rx="8" fill="#3b3f45"/>` +
    `<rect x="410" y="285" width="80" height="58" rx="10" fill="${p.light}"/>` +
    `<path d="M${400 - top} 336Q400 376 ${400 + top} 336" fill="none" stroke="${p.dark}" stroke-width="8"/>`
  );
}

function sleeve(view: number, p: Palette, t: Traits): string {
  const edge = `stroke="${p.dark}" stroke-width="6"`;
  const w = [500, 540, 580][t.shape] as number;
  const h = [340, 380, 420][t.shape] as number;
  const x = 400 - w / 2;
  const y = 420 - h / 2;
  const hw = t.gold ? GOLD : METAL;
  const body = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${[36, 20, 50][t.flap]}" fill="${p.body}" ${edge}/>`;
  if (view === 0) {
    const pocket =
      t.pocket === 0
        ? `<rect x="${x + 60}" y="${y + h - 200}" width="${w * 0.5}" height="160" rx="18" fill="${p.mid}" ${edge}/>`
        : t.pocket === 1
          ? `<rect x="${x + 40}" y="${y + 60}" width="${w - 80}" height="${h - 110}" rx="16" fill="${p.mid}" ${edge}/>` +
            zip(`M${x + 60} ${y + 90}H${x + w - 60}`, p, 5)
          : '';
    return (
      skin(body, t, p) +
      zip(
        `M${x + 40} ${y + 32}H${x + w - 46}Q${x + w - 32} ${y + 32} ${x + w - 32} ${y + 46}V${y + h - 40}`,
        p,
      ) +
      `<rect x="${x + w - 40}" y="${y + h / 2}" width="16" height="44" rx="6" ${hw}/>` +
      pocket
    );
  }
  if (view === 1) {
    const d = [70, 90, 110][t.shape] as number;
    return (
      skin(
        `<rect x="${400 - d / 2}" y="${y - 40}" width="${d}" height="${h + 80}" rx="30" fill="${p.body}" ${edge}/>`,
        t,
        p,
      ) +
      zip(`M400 ${y - 20}V${y + h + 20}`, p) +
      `<rect x="390" y="${y + 20}" width="20" height="44" rx="6" ${hw}/>`
    );
  }
  if (view === 2) {
    return (
      skin(body, t, p) +
      `<rect x="${x}" y="${y + h * 0.35}" width="${w}" height="${h * 0.3}" fill="${p.mid}" ${edge}/>` +
      (t.flap
        ? `<path d="M340 ${y + 4}Q400 ${y - 70} 460 ${y + 4}" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>`
        : '')
    );
  }
  if (t.fourth === 'detail') return detail(p, 'corner', t);
  return (
    `<rect x="195" y="170" width="410" height="250" rx="14" fill="#b3b8be" stroke="#5b6066" stroke-width="5"/>` +
    `<rect x="225" y="195" width="350" height="200" rx="6" fill="#2f3338"/>` +
    skin(
      `<rect x="${x}" y="300" width="${w}" height="320" rx="34" fill="${p.body}" ${edge}/>`,
      t,
      p,
    ) +
    `<rect x="${x + 10}" y="302" width="${w - 20}" height="18" rx="8" fill="${p.inner}"/>` +
    zip(`M${x + 20} 332H${x + w - 20}`, p, 5)
  );
}

/** A close-up of one part of the bag: zip and puller, turn-lock clasp, or padded corner. */
function detail(p: Palette, kind: 'zip' | 'clasp' | 'corner', t: Traits): string {
  const hw = t.gold ? GOLD : METAL;
  const base = skin(
    `<rect x="100" y="150" width="600" height="520" rx="40" fill="${p.body}" stroke="${p.dark}" stroke-width="6"/>`,
    t,
    p,
  );
  if (kind === 'zip') {
    return (
      base +
      `<path d="M100 330H700" stroke="${p.dark}" stroke-width="28"/>` +
      `<path d="M100 330H700" stroke="${p.line}" stroke-width="14" stroke-dasharray="6 6"/>` +
      `<rect x="420" y="305" width="70" height="50" rx="10" ${hw}/>` +
      `<rect x="440" y="350" width="30" height="96" rx="12" ${hw}/>` +
      `<rect x="290" y="480" width="220" height="90" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>`
    );
  }
  if (kind === 'clasp') {
    return (
      base +
      `<path d="M100 150H700V360Q400 470 100 360Z" fill="${p.mid}" stroke="${p.dark}" stroke-width="6"/>` +
      `<path d="M130 350Q400 450 670 350" fill="none" stroke="${p.line}" stroke-width="3" stroke-dasharray="12 8"/>` +
      `<rect x="330" y="380" width="140" height="100" rx="20" ${hw}/>` +
      `<rect x="385" y="395" width="30" height="70" rx="10" fill="#f1db95" stroke="#8a6d1f" stroke-width="4"/>`
    );
  }
  return (
    base +
    `<path d="M100 290H560Q580 290 580 310V670" fill="none" stroke="${p.mid}" stroke-width="40"/>` +
    zip('M100 290H560Q580 290 580 310V670', p, 10) +
    `<rect x="562" y="420" width="36" height="80" rx="10" ${hw}/>` +
    `<path d="M140 400H520M140 500H520M140 600H520" stroke="${p.dark}" stroke-width="3" opacity=".5"/>`
  );
}

/**
 * The bag of `product` in `colour`, seen from `view` (0 front, 1 side, 2 back, 3 open or detail),
 * on a transparent 800 × 800 canvas: flat fills only, the renderer adds light, material and shadow.
 * `ordinal` is the product's place in its category, which picks its traits.
 */
export function bagSvg(
  product: Pick<Product, 'category'>,
  colour: string,
  view: number,
  ordinal: number,
): string {
  const t = traits(ordinal);
  const p = palette(colour);
  const draw =
    product.category === 'bagpacks' ? bagpack : product.category === 'handbags' ? handbag : sleeve;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    patternDefs(t, p) +
    draw(view, p, t) +
    `</svg>`
  );
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * A view as a flat illustration (a small titled SVG on a tinted tile): the subject of the bench's
 * synthetic phone photos (scripts/bench/photos.ts). The shop shows every view as a rendered photo.
 */
export function illustrationSvg(
  product: Pick<Product, 'category' | 'productName'>,
  colour: string,
  view: number,
  ordinal: number,
): string {
  const t = traits(ordinal);
  const p = palette(colour);
  const title = `${product.productName} in ${colour}, ${viewName(t, view)}`;
  const draw =
    product.category === 'bagpacks' ? bagpack : product.category === 'handbags' ? handbag : sleeve;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    patternDefs(t, p) +
    `<rect width="800" height="800" fill="${mix(p.body, '#f6f2ea', 0.88)}"/>` +
    `<ellipse cx="400" cy="690" rx="250" ry="22" fill="#000" opacity=".12"/>` +
    draw(view, p, t) +
    `</svg>\n`
  );
}
