// The name of a file the desk downloads, from the answer's Content-Disposition header.

/** The filename of a file answer's Content-Disposition, or `fallback` when it names none. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match =
    /filename="([^"]+)"/.exec(disposition ?? '') ?? /filename=([^;\s]+)/.exec(disposition ?? '');
  const name = match?.[1]?.replace(/[/\\]/g, '');
  return name || fallback;
}
