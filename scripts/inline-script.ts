// A Vite plugin for scripts that must run before first paint, so cannot be external modules:
// `import code from './x.ts?inline-script'` gives x.ts with its imports bundled and minified into one
// classic script, as a string, for `<script is:inline set:html={code} />`. The code stays a real
// module (type-checked, importing src/lib), and the CSP allows the result by hash (scripts/csp.ts).
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const SUFFIX = '?inline-script';

/** Bundles one entry into a minified classic script (an IIFE), with the files it read. */
export async function bundleInlineScript(
  entry: string,
): Promise<{ code: string; files: string[] }> {
  // Reading a property never has side effects in our code (no getters), so unused schema-table
  // entries can go; and no comment is worth its bytes in a render-blocking script.
  const bundle = await rolldown({
    input: entry,
    platform: 'browser',
    logLevel: 'warn',
    treeshake: { propertyReadSideEffects: false },
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true, comments: false });
    return { code: output[0].code.trim(), files: await bundle.watchFiles };
  } finally {
    await bundle.close();
  }
}

/** The Vite plugin that answers `?inline-script` imports. */
export function inlineScripts(): Plugin {
  return {
    name: 'shop-inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const target = await this.resolve(source.slice(0, -SUFFIX.length), importer, {
        skipSelf: true,
      });
      return target ? `${target.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const { code, files } = await bundleInlineScript(id.slice(0, -SUFFIX.length));
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
