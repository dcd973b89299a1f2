// `npm run bench`: see scripts/bench/main.ts (TypeScript, run by Node 24's type stripping).
await import('./bench/main.ts');
