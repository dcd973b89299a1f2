import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction; a string names a group of islands that wake together. */
    'client:interaction'?: boolean | string;
  }
}
