// Compression for `npm start`, as Netlify's CDN does it: brotli or gzip (by the request's
// Accept-Encoding) for text answers — HTML, JS, CSS, JSON, SVG, XML, plain text. Images and fonts
// are already compressed, so they go out as they are.
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip';
// Brotli 5 and gzip 6: close to the CDN's on-the-fly levels, cheap enough per request.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml|rss\+xml)|image\/svg\+xml)/i;

/** The encoding to use for an Accept-Encoding header: 'br', 'gzip' or null (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * A compressing stream for this answer, or null to send it as it is. When one is returned, the
 * headers (a plain object, lower-case names) are rewritten: Content-Encoding set, Content-Length
 * dropped (the length changes), Vary: Accept-Encoding added.
 */
export function compressor(
  acceptEncoding: string | string[] | undefined,
  headers: Record<string, string | string[]>,
  status: number,
): Transform | null {
  const encoding = negotiate(acceptEncoding, headers, status);
  if (!encoding) return null;
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : zlib.createGzip({ level: GZIP_LEVEL });
}

/** compressor() for a whole body at once (the API answers): the bytes to send, headers rewritten. */
export function compressBody(
  acceptEncoding: string | string[] | undefined,
  headers: Record<string, string | string[]>,
  status: number,
  body: Buffer,
): Buffer {
  const encoding = body.length > 0 ? negotiate(acceptEncoding, headers, status) : null;
  if (!encoding) return body;
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      })
    : zlib.gzipSync(body, { level: GZIP_LEVEL });
}

function negotiate(
  acceptEncoding: string | string[] | undefined,
  headers: Record<string, string | string[]>,
  status: number,
): Encoding | null {
  if (status === 204 || status === 304 || headers['content-encoding']) return null;
  if (!COMPRESSIBLE.test(String(headers['content-type'] ?? ''))) return null;
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding) return null;
  headers['content-encoding'] = encoding;
  delete headers['content-length'];
  headers['vary'] = headers['vary']
    ? `${String(headers['vary'])}, Accept-Encoding`
    : 'Accept-Encoding';
  return encoding;
}
