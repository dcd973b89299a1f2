// The store's port, the one seam the services depend on: src/server/store/port/ holds one module
// per repository, each with its contract; this entry re-exports them all.
export * from './port/index.ts';
