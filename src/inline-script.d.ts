// `?inline-script` imports (scripts/inline-script.ts): the module bundled into one classic script.
declare module '*?inline-script' {
  /** The bundled, minified script. */
  const code: string;
  export default code;
}
