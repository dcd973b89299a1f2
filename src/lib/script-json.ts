// Data a page carries inside a `<script>` element (JSON-LD, the filter shell's products): JSON with
// every `<` escaped, so no text of the catalogue can close the element or open a comment in it.

/** `value` as JSON that is safe as the text of a `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
