// The demo catalogue's photographs: each bag's flat drawing (drawing.ts) lit as a solid on a
// studio sweep. The drawing's silhouette, blurred, is the bag's volume (a padded body that turns
// away from the light at its edges); its own lines are seams, pockets and zips in relief; a
// material's micro-relief (pebbled leather, canvas weave, ripstop grid, twill, corduroy, felt…)
// catches a key light from the upper left, with the material's sheen as a specular highlight;
// the bag casts a soft shadow and sits on a contact shadow. Everything is integer-seeded
// arithmetic on pixel arrays and libvips resizes, so the same product, colour and view always
// give the same JPEG bytes (the build caches photos by the hash of those bytes).
import sharp from 'sharp';
import type { Product } from '../../lib/product.ts';
import { bagSvg } from './drawing.ts';

/** The side of every demo photo, in pixels: the build's largest width, so nothing is upscaled. */
export const DEMO_PHOTO_SIDE = 1080;
const S = DEMO_PHOTO_SIDE;
/** The side of a material's relief tile: a multiple of every weave period below, so it tiles. */
const TILE = 480;

/** How a material looks: its relief, how strongly it shows, its sheen and its colour variation. */
type Material = {
  relief: (x: number, y: number) => number;
  /** Height of the relief (0 flat). */
  bump: number;
  /** Strength and tightness of the specular highlight. */
  spec: number;
  shine: number;
  /** How much the relief varies the colour itself (heathered yarns, worn leather). */
  tint: number;
};

/** A 32-bit integer hash of a lattice point: the only source of "randomness" here. */
function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
const unit = (x: number, y: number, seed: number) => hash(x, y, seed) / 4294967296;
const wrap = (v: number, n: number) => ((v % n) + n) % n;

/** Smooth value noise with `cell` px lattice spacing, tiling every TILE px; about -1..1. */
function noise(x: number, y: number, cell: number, seed: number): number {
  const n = TILE / cell;
  const gx = x / cell;
  const gy = y / cell;
  const ix = Math.floor(gx);
  const iy = Math.floor(gy);
  const fx = gx - ix;
  const fy = gy - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const v = (i: number, j: number) => unit(wrap(ix + i, n), wrap(iy + j, n), seed);
  const top = v(0, 0) + (v(1, 0) - v(0, 0)) * sx;
  const bottom = v(0, 1) + (v(1, 1) - v(0, 1)) * sx;
  return (top + (bottom - top) * sy) * 2 - 1;
}

/** Domed cells (pebbled leather grain): 1 at a cell's centre, falling to creases between cells. */
function pebbles(x: number, y: number, cell: number, seed: number): number {
  const n = TILE / cell;
  const cx = Math.floor(x / cell);
  const cy = Math.floor(y / cell);
  let best = Infinity;
  for (let j = -1; j <= 1; j += 1)
    for (let i = -1; i <= 1; i += 1) {
      const px = (cx + i + 0.15 + 0.7 * unit(wrap(cx + i, n), wrap(cy + j, n), seed)) * cell;
      const py = (cy + j + 0.15 + 0.7 * unit(wrap(cx + i, n), wrap(cy + j, n), seed + 1)) * cell;
      best = Math.min(best, (px - x) ** 2 + (py - y) ** 2);
    }
  return 1 - Math.min(1, Math.sqrt(best) / (cell * 0.75)) ** 2 * 2;
}

/** Plain weave: threads over and under on a `p` px grid, each thread a little uneven (slubs). */
function weave(x: number, y: number, p: number, seed: number): number {
  const i = Math.floor(x / p);
  const j = Math.floor(y / p);
  const over = (i + j) % 2 === 0;
  const across = over ? (y % p) / p : (x % p) / p;
  const slub = unit(wrap(over ? j : i, TILE / p), 0, seed) * 0.5;
  return Math.sin(Math.PI * across) * (over ? 1 : 0.7) + slub - 0.5;
}

const MATERIALS = {
  pebbled: {
    relief: (x, y) => pebbles(x, y, 9, 1) + 0.25 * noise(x, y, 4, 2),
    bump: 1.2,
    spec: 0.22,
    shine: 18,
    tint: 0.025,
  },
  leather: {
    relief: (x, y) => 0.6 * pebbles(x, y, 6, 3) + 0.5 * noise(x, y, 40, 4),
    bump: 0.55,
    spec: 0.38,
    shine: 28,
    tint: 0.03,
  },
  gloss: {
    relief: (x, y) => 0.5 * pebbles(x, y, 4, 5) + 0.3 * noise(x, y, 60, 6),
    bump: 0.25,
    spec: 0.7,
    shine: 60,
    tint: 0.015,
  },
  saffiano: {
    relief: (x, y) =>
      Math.abs(Math.sin(((x + y) * Math.PI) / 4)) * Math.abs(Math.sin(((x - y) * Math.PI) / 6)) +
      0.3 * noise(x, y, 4, 7),
    bump: 0.7,
    spec: 0.35,
    shine: 24,
    tint: 0.015,
  },
  suede: {
    relief: (x, y) => noise(x, y, 2, 8) * 0.6 + noise(x, y, 30, 9) * 0.8,
    bump: 0.35,
    spec: 0.02,
    shine: 4,
    tint: 0.07,
  },
  canvas: {
    relief: (x, y) => weave(x, y, 8, 10) + 0.3 * noise(x, y, 48, 11),
    bump: 0.8,
    spec: 0.04,
    shine: 6,
    tint: 0.06,
  },
  waxed: {
    relief: (x, y) => 0.7 * weave(x, y, 8, 12) + 0.6 * noise(x, y, 40, 13),
    bump: 0.6,
    spec: 0.28,
    shine: 14,
    tint: 0.08,
  },
  basket: {
    relief: (x, y) => weave(x, y, 24, 14) + 0.2 * noise(x, y, 4, 15),
    bump: 1.5,
    spec: 0.08,
    shine: 10,
    tint: 0.09,
  },
  ballistic: {
    relief: (x, y) => weave(Math.floor(x / 2) * 2 + (x % 2), y, 4, 16),
    bump: 0.65,
    spec: 0.16,
    shine: 10,
    tint: 0.035,
  },
  ripstop: {
    relief: (x, y) =>
      0.3 * weave(x, y, 4, 17) + (x % 30 < 3 || y % 30 < 3 ? 0.8 : 0) + 0.2 * noise(x, y, 60, 18),
    bump: 0.6,
    spec: 0.3,
    shine: 12,
    tint: 0.025,
  },
  twill: {
    relief: (x, y) => Math.sin(((x + y) * Math.PI) / 4) + 0.3 * noise(x, y, 3, 19),
    bump: 0.45,
    spec: 0.14,
    shine: 10,
    tint: 0.04,
  },
  corduroy: {
    relief: (x) => Math.abs(Math.sin((x * Math.PI) / 10)) * 2 - 1,
    bump: 1.3,
    spec: 0.1,
    shine: 8,
    tint: 0.05,
  },
  felt: {
    relief: (x, y) => noise(x, y, 2, 20) * 0.7 + noise(x, y, 10, 21) * 0.5,
    bump: 0.45,
    spec: 0.01,
    shine: 4,
    tint: 0.06,
  },
  velvet: {
    relief: (x, y) => noise(x, y, 2, 22) * 0.5 + noise(x, y, 80, 23),
    bump: 0.3,
    spec: 0.2,
    shine: 3,
    tint: 0.05,
  },
  rubber: {
    relief: (x, y) => 0.3 * noise(x, y, 3, 24) + 0.3 * noise(x, y, 96, 25),
    bump: 0.2,
    spec: 0.55,
    shine: 40,
    tint: 0.01,
  },
} satisfies Record<string, Material>;

export type MaterialName = keyof typeof MATERIALS;

/** The material a product's specs describe (its material and texture lines, in words). */
export function materialOf(specs: Pick<Product['specs'], 'material' | 'texture'>): MaterialName {
  const m = `${specs.material} ${specs.texture}`.toLowerCase();
  const has = (...words: string[]) => words.some((w) => m.includes(w));
  if (has('saffiano')) return 'saffiano';
  if (has('suede')) return 'suede';
  if (has('velvet')) return 'velvet';
  if (has('corduroy')) return 'corduroy';
  if (has('felt')) return 'felt';
  if (has('palm', 'basket')) return 'basket';
  if (has('pvc', 'tpu', 'eva', 'rubberised', 'neoprene', 'lycra')) return 'rubber';
  if (has('pebbled')) return 'pebbled';
  if (has('gloss', 'polished', 'box calf')) return 'gloss';
  if (has('leather')) return 'leather';
  if (has('waxed')) return 'waxed';
  if (has('canvas', 'cotton', 'embroider')) return 'canvas';
  if (has('ripstop')) return 'ripstop';
  if (has('ballistic', 'cordura')) return 'ballistic';
  return 'twill';
}

/** A material's relief over one TILE × TILE tile, computed once per process. */
const tiles = new Map<MaterialName, Float32Array>();
function tile(name: MaterialName): Float32Array {
  let t = tiles.get(name);
  if (!t) {
    const relief = MATERIALS[name].relief;
    t = new Float32Array(TILE * TILE);
    for (let y = 0; y < TILE; y += 1)
      for (let x = 0; x < TILE; x += 1) t[y * TILE + x] = relief(x, y);
    tiles.set(name, t);
  }
  return t;
}

/** The studio sweep: warm light grey, a little darker toward the floor and the corners. */
let sweep: Float32Array | null = null;
function backdrop(): Float32Array {
  if (sweep) return sweep;
  sweep = new Float32Array(S * S * 3);
  const top = [242, 240, 236];
  const floor = [222, 218, 211];
  for (let y = 0; y < S; y += 1) {
    const v = y / S;
    // The wall curves into the floor between 55% and 85% of the height.
    const k = Math.min(1, Math.max(0, (v - 0.55) / 0.3));
    const blend = k * k * (3 - 2 * k);
    for (let x = 0; x < S; x += 1) {
      const dx = x / S - 0.5;
      const dy = v - 0.45;
      const vignette = 1 - 0.22 * (dx * dx + dy * dy);
      const o = (y * S + x) * 3;
      for (let c = 0; c < 3; c += 1)
        sweep[o + c] = (top[c]! + (floor[c]! - top[c]!) * blend) * vignette;
    }
  }
  return sweep;
}

/** Box blur of a q × q field along rows then columns, `r` px each side, in place (edges clamp). */
function boxBlur(field: Float32Array, q: number, r: number): void {
  const line = new Float32Array(q);
  for (const [step, stride] of [
    [1, q],
    [q, 1],
  ] as const)
    for (let l = 0; l < q; l += 1) {
      const base = l * stride;
      let sum = 0;
      for (let k = -r; k <= r; k += 1) sum += field[base + Math.min(q - 1, Math.max(0, k)) * step]!;
      for (let k = 0; k < q; k += 1) {
        line[k] = sum / (2 * r + 1);
        sum +=
          field[base + Math.min(q - 1, k + r + 1) * step]! -
          field[base + Math.max(0, k - r) * step]!;
      }
      for (let k = 0; k < q; k += 1) field[base + k * step] = line[k]!;
    }
}

/** The alpha channel at a quarter of the size, 0..1 in floats (each cell the mean of 4 × 4 pixels). */
function quarter(alpha: Uint8Array): Float32Array {
  const q = S / 4;
  const small = new Float32Array(q * q);
  for (let y = 0; y < S; y += 1) {
    const row = (y >> 2) * q;
    const from = y * S;
    for (let x = 0; x < S; x += 1) small[row + (x >> 2)]! += alpha[from + x]! / (255 * 16);
  }
  return small;
}

/** For each full-size coordinate: the quarter-size cell it falls in and its weight toward the next. */
const upsampling = (() => {
  const q = S / 4;
  const cell = new Int32Array(S);
  const weight = new Float64Array(S);
  for (let v = 0; v < S; v += 1) {
    const g = Math.min(q - 1.001, Math.max(0, (v - 1.5) / 4));
    cell[v] = Math.floor(g);
    weight[v] = g - cell[v]!;
  }
  return { cell, weight };
})();

/** A rectangle of pixels, its bounds included. */
type Box = { x0: number; x1: number; y0: number; y1: number };
const WHOLE: Box = { x0: 0, x1: S - 1, y0: 0, y1: S - 1 };

/**
 * The alpha channel blurred by about `sigma` px, 0..1 in floats (no 8-bit terraces in a slope):
 * worked at a quarter of the size (`small`, from quarter(), which this blurs in place) with three
 * box blurs (close to a Gaussian), then upsampled within `within` (elsewhere 0).
 */
function softField(small: Float32Array, sigma: number, within: Box = WHOLE): Float32Array {
  const q = S / 4;
  const r = Math.max(1, Math.round(sigma / 4 / 1.7));
  for (let pass = 0; pass < 3; pass += 1) boxBlur(small, q, r);
  const { cell, weight } = upsampling;
  const big = new Float32Array(S * S);
  for (let y = within.y0; y <= within.y1; y += 1) {
    const iy = cell[y]!;
    const fy = weight[y]!;
    for (let x = within.x0; x <= within.x1; x += 1) {
      const fx = weight[x]!;
      const o = iy * q + cell[x]!;
      const topRow = small[o]! + (small[o + 1]! - small[o]!) * fx;
      const bottomRow = small[o + q]! + (small[o + q + 1]! - small[o + q]!) * fx;
      big[y * S + x] = topRow + (bottomRow - topRow) * fy;
    }
  }
  return big;
}

/** A trace of sensor grain per pixel, the same in every photo: 0..7, shown as (n - 3.5) × 0.6. */
let grainTable: Uint8Array | null = null;
function sensorGrain(): Uint8Array {
  if (grainTable) return grainTable;
  grainTable = new Uint8Array(S * S);
  for (let y = 0; y < S; y += 1)
    for (let x = 0; x < S; x += 1) grainTable[y * S + x] = hash(x, y, 99) & 7;
  return grainTable;
}

/** The sweep with its sensor grain and nothing on it: every photo's pixels away from its bag. */
let bare: Uint8ClampedArray | null = null;
function bareSweep(): Uint8ClampedArray {
  if (bare) return bare;
  const bg = backdrop();
  const sensor = sensorGrain();
  bare = new Uint8ClampedArray(S * S * 3);
  for (let i = 0; i < S * S; i += 1) {
    const noise = (sensor[i]! - 3.5) * 0.6;
    for (let c = 0; c < 3; c += 1) bare[i * 3 + c] = bg[i * 3 + c]! + noise;
  }
  return bare;
}

/** What one photo shows: a product (its category, material and place in its category) in a colour. */
export type DemoShot = {
  product: Pick<Product, '_id' | 'category' | 'specs'>;
  /** The product's place among its category's products (picks its silhouette and details). */
  ordinal: number;
  colour: string;
  /** 0 front, 1 side, 2 back, 3 open or close-up. */
  view: number;
};

/** The photograph of one shot, as JPEG bytes: the same shot always gives the same bytes. */
export async function renderDemoPhoto(shot: DemoShot): Promise<Buffer> {
  const svg = bagSvg(shot.product, shot.colour, shot.view, shot.ordinal);
  const drawn = await sharp(Buffer.from(svg), { density: (72 * S) / 800 })
    .resize(S, S)
    .ensureAlpha()
    .raw()
    .toBuffer();
  const alpha = new Uint8Array(S * S);
  const luma = new Uint8Array(S * S);
  // Bounds of the bag: lighting is worked out inside them, and the contact shadow sits beneath.
  let [left, right, top, bottom] = [S, 0, S, 0];
  for (let y = 0, i = 0; y < S; y += 1)
    for (let x = 0; x < S; x += 1, i += 1) {
      const o = i * 4;
      const a = drawn[o + 3]!;
      alpha[i] = a;
      luma[i] = (drawn[o]! * 54 + drawn[o + 1]! * 183 + drawn[o + 2]! * 19) >> 8;
      if (a > 0) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  // The body's dome (a padded bag bulges toward the camera), its rounded edges (~40 px) and the
  // seams' relief (a few px).
  // The surface is worked out over the bag's bounds, one pixel more each side (for the slopes).
  const x0 = Math.max(0, left - 1);
  const x1 = Math.min(S - 1, right + 1);
  const y0 = Math.max(0, top - 1);
  const y1 = Math.min(S - 1, bottom + 1);
  const small = quarter(alpha);
  const dome = softField(small.slice(), 110, { x0, x1, y0, y1 });
  // Three box blurs of 4 quarter-size cells spread the edges 48 px, and the upsampling a few more.
  const spread = 64;
  const volume = softField(small, 30, {
    x0: Math.max(0, left - spread),
    x1: Math.min(S - 1, right + spread),
    y0: Math.max(0, top - spread),
    y1: Math.min(S - 1, bottom + spread),
  });
  const lines = await sharp(luma, { raw: { width: S, height: S, channels: 1 } })
    .blur(1.4)
    .raw()
    .toBuffer();

  const name = materialOf(shot.product.specs);
  const material = MATERIALS[name];
  const relief = tile(name);
  // Each product and view shows its own stretch of the material.
  const ox = hash(shot.ordinal, shot.view, shot.product.category.length) % TILE;
  const oy = hash(shot.view, shot.ordinal, 7) % TILE;

  // The surface's height over those bounds.
  const w = x1 - x0 + 1;
  const height = new Float32Array(w * (y1 - y0 + 1));
  const grain = new Float32Array(w * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y += 1) {
    const row = ((y + oy) % TILE) * TILE;
    for (let x = x0; x <= x1; x += 1) {
      const i = y * S + x;
      const t = relief[row + ((x + ox) % TILE)]!;
      const k = (y - y0) * w + (x - x0);
      grain[k] = t;
      height[k] = dome[i]! * 115 + volume[i]! * 45 + (lines[i]! * 4) / 255 + material.bump * t;
    }
  }

  // Key light from the upper left, toward the camera; the half vector for the highlight.
  const [lx, ly, lz] = [-0.45, -0.6, 0.66];
  const hl = Math.hypot(lx, ly, lz + 1);
  const [hx, hy, hz] = [lx / hl, ly / hl, (lz + 1) / hl];
  const cx = (left + right) / 2;
  const half = Math.max(1, (right - left) / 2);
  const bg = backdrop();
  const sensor = sensorGrain();
  const [sx, sy] = [30, 40];
  // Away from the bag, its cast shadow (offset by sx, sy) and its contact shadow (3 × 16 px
  // either side of its base, 1.5 half-widths either side of its centre) the photo is the bare
  // sweep; only the box around them is lit pixel by pixel.
  const reach = 1.5 * half * 1.04;
  const bx0 = Math.max(0, Math.min(left - spread + sx, Math.floor(cx - reach)));
  const bx1 = Math.min(S - 1, Math.max(right + spread + sx, Math.ceil(cx + reach)));
  const by0 = Math.max(0, Math.min(top - spread + sy, bottom - 48));
  const by1 = Math.min(S - 1, Math.max(bottom + spread + sy, bottom + 48));
  // Clamped: light and highlight may overshoot 255.
  const out = new Uint8ClampedArray(bareSweep());
  for (let y = by0; y <= by1; y += 1) {
    const ey = (y - bottom) / 16;
    const nearFloor = ey * ey < 9;
    for (let x = bx0; x <= bx1; x += 1) {
      const i = y * S + x;
      // Shadow on the sweep: a soft cast shadow down and to the right, and a contact shadow.
      const cast = y >= sy && x >= sx ? volume[(y - sy) * S + (x - sx)]! : 0;
      let contact = 0;
      if (nearFloor) {
        const ex = (x - cx) / (half * 1.04);
        if (ex * ex < 2) contact = Math.exp(-ex * ex * ex * ex - ey * ey);
      }
      const keep = (1 - 0.28 * cast) * (1 - 0.55 * contact);
      let r = bg[i * 3]! * keep;
      let g = bg[i * 3 + 1]! * keep;
      let b = bg[i * 3 + 2]! * keep;
      const a = alpha[i]! / 255;
      if (a > 0) {
        const k = (y - y0) * w + (x - x0);
        const nx = height[k - (x > x0 ? 1 : 0)]! - height[k + (x < x1 ? 1 : 0)]!;
        const ny = height[k - (y > y0 ? w : 0)]! - height[k + (y < y1 ? w : 0)]!;
        const nl = Math.sqrt(nx * nx + ny * ny + 1);
        const dot = (nx * lx + ny * ly + lz) / nl;
        const diffuse = dot > 0 ? dot : 0;
        const h = (nx * hx + ny * hy + hz) / nl;
        const spec = h > 0 ? material.spec * Math.pow(h, material.shine) * 255 : 0;
        // The key light falls off across the bag, and its edges sink into their own shade.
        const falloff =
          1.1 - (0.28 * ((x - left) / (2 * half) + (y - top) / (bottom - top + 1))) / 2;
        const occlusion = 0.62 + 0.38 * Math.min(1, volume[i]! * 1.35);
        const light =
          (0.22 + 0.95 * diffuse) * falloff * occlusion * (1 + material.tint * grain[k]!);
        const o = i * 4;
        r = r * (1 - a) + a * (drawn[o]! * light + spec);
        g = g * (1 - a) + a * (drawn[o + 1]! * light + spec);
        b = b * (1 - a) + a * (drawn[o + 2]! * light + spec);
      }
      // A trace of sensor grain, so flat areas do not band.
      const noise = (sensor[i]! - 3.5) * 0.6;
      const o = i * 3;
      out[o] = r + noise;
      out[o + 1] = g + noise;
      out[o + 2] = b + noise;
    }
  }
  return sharp(Buffer.from(out.buffer), { raw: { width: S, height: S, channels: 3 } })
    .jpeg({ quality: 84, progressive: false })
    .toBuffer();
}
