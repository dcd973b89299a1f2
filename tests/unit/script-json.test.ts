// JSON a page carries inside a <script> element (src/lib/script-json.ts).
import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../src/lib/script-json.ts';

describe('JSON inside a script element', () => {
  it('can never close the element or open a comment, whatever a catalogue text holds', () => {
    const hostile = { colors: ['</script><script>alert(1)</script>', '<!--', 'Navy'] };
    const text = scriptJson(hostile);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(text).not.toContain('<');
  });

  it('reads back as the same value', () => {
    const value = { name: 'Bag <Large> & "Small"', price: 1300, colors: ['Black'] };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });
});
