// The Astro integration that serves `virtual:shop-settings`: the shop's settings read from the
// store when the build starts (build-settings.ts), as a module the layout and static components
// import. A change of settings shows on the pages at the next build; mails read them live.
import type { AstroIntegration } from 'astro';
import { getShopSettings } from './build-settings.ts';

const ID = 'virtual:shop-settings';
const RESOLVED = `\0${ID}`;

/** Provides `import settings from 'virtual:shop-settings'` to pages, layouts and components. */
export function shopSettingsModule(): AstroIntegration {
  return {
    name: 'shop-settings',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'shop-settings',
                resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
                load: async (id: string) =>
                  id === RESOLVED
                    ? `export default ${JSON.stringify(await getShopSettings())};`
                    : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
