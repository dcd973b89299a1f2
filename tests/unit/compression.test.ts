import { describe, expect, it } from 'vitest';
import { compressor, pickEncoding } from '../../scripts/compression.ts';

describe('npm start compression (as the CDN)', () => {
  it('prefers brotli, falls back to gzip, and sends identity when neither is accepted', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('compresses HTML, JavaScript, CSS, JSON and SVG but not images', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/javascript',
      'application/javascript',
      'text/css',
      'application/json',
      'image/svg+xml',
    ]) {
      const headers: Record<string, string> = { 'content-type': type, 'content-length': '9000' };
      expect(compressor('gzip', headers, 200), type).not.toBeNull();
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers['content-length']).toBeUndefined();
      expect(headers.vary).toBe('Accept-Encoding');
    }
    const webp: Record<string, string> = { 'content-type': 'image/webp' };
    expect(compressor('gzip, br', webp, 200)).toBeNull();
    expect(webp['content-encoding']).toBeUndefined();
  });

  it('leaves an answer without a body, or one already encoded, as it is', () => {
    expect(compressor('br', { 'content-type': 'text/html' }, 304)).toBeNull();
    expect(
      compressor('br', { 'content-type': 'text/html', 'content-encoding': 'gzip' }, 200),
    ).toBeNull();
  });
});
