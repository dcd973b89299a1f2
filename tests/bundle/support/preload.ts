// Preloaded (`node --import`) into every process of the bundle tier, before any bundle loads.
// One Node customization hook (module.registerHooks: the in-thread, synchronous form Node 24
// recommends over the off-thread module.register, so a load is recorded before the importing module
// runs) does two things and nothing else:
// - TEST DOUBLE: with `--mongodb-double <file URL>` on the command line, the external `mongodb`
//   import of every bundle resolves to tests/fixtures/mongo-double.ts, the in-memory stand-in for
//   a MongoDB server. This is the only substitution; every other import is the bundle's own.
// - It records every resolution of `node:sqlite` and who asked for it, so the tier can fail when a
//   bundle loads SQLite while MONGODB_URI is set.
import { registerHooks } from 'node:module';

/** Importers of node:sqlite, in load order. */
export const sqliteImporters: string[] = [];

const flag = process.argv.indexOf('--mongodb-double');
const doubleUrl = flag > 0 ? process.argv[flag + 1] : undefined;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:sqlite') sqliteImporters.push(context.parentURL ?? '(entry)');
    if (specifier === 'mongodb' && doubleUrl) return { url: doubleUrl, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

/**
 * Whether node:sqlite was loaded by any means: the hook sees import statements and require(),
 * and Node's own list of loaded builtins also catches process.getBuiltinModule('node:sqlite').
 */
export function sqliteLoaded(): { importers: string[]; builtinLoaded: boolean } {
  const loaded = (process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  return { importers: [...sqliteImporters], builtinLoaded: loaded.includes('NativeModule sqlite') };
}
