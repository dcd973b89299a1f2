// The desk's web app manifest (public/desk/manifest.webmanifest, written by `npm run desk-icons`):
// installable on a phone's home screen, opening the desk, in the shop's brand colour.

/** The brand colour (src/styles/global.css --brand; a unit test keeps the two equal). */
export const DESK_THEME = '#0f5c55';

/** The desk's name: the installed app's, the page title's, and its placeholder's while it loads. */
export const DESK_NAME = 'Bastaa desk';

/** The manifest's content. */
export function deskManifest() {
  return {
    name: DESK_NAME,
    short_name: 'Desk',
    description: "The shop's orders, returns and products.",
    id: '/desk',
    start_url: '/desk',
    scope: '/desk',
    display: 'standalone',
    theme_color: DESK_THEME,
    background_color: '#ffffff',
    icons: [
      { src: '/desk/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/desk/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/desk/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}
