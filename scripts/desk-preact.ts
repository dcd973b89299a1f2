// The desk runs on Preact, through its React-compatible layer (preact/compat), while the shop's
// islands keep React. The desk is written against React's API (the same hooks, types and lint rules
// as the islands) and is never rendered by Astro: src/islands/desk/boot.ts mounts it with
// `createRoot` in the browser. So this plugin resolves React's modules to Preact's for the desk's
// own modules only (src/islands/desk/*), and gives the desk its own copy of @nanostores/react bound
// to Preact's hooks.
//
// Why: React's runtime was 60 of the desk's 111 KB (gzip), and at 4x CPU its evaluation alone held
// a phone's main thread for about 250 ms of the desk's first load (a CPU profile); Preact with its
// compatibility layer is about 12 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const DESK_DIR = path.join(fileURLToPath(new URL('../src/islands/desk/', import.meta.url)));

/** React's modules as the desk imports them, and Preact's module that takes each one's place. */
export const DESK_RUNTIME: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The desk's copy of @nanostores/react: the library's own file, its `react` import bound to Preact. */
const STORE_HOOK = '@nanostores/react';
const DESK_COPY = '?desk-runtime';

/** True when `importer` (a module id, maybe with a query) is one of the desk's own modules. */
export function isDeskModule(importer: string): boolean {
  const file = path.normalize(importer.split('?')[0]!);
  return file.startsWith(DESK_DIR) || importer.endsWith(DESK_COPY);
}

export function deskPreact(): Plugin {
  return {
    name: 'desk-preact',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !isDeskModule(importer)) return null;
      const target = DESK_RUNTIME[source];
      if (target) return this.resolve(target, importer, { skipSelf: true });
      if (source === STORE_HOOK) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        return resolved ? `${resolved.id.split('?')[0]}${DESK_COPY}` : null;
      }
      return null;
    },
    load(id) {
      if (!id.endsWith(DESK_COPY)) return null;
      return readFileSync(id.slice(0, -DESK_COPY.length), 'utf8');
    },
  };
}
