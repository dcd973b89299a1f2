// The Astro integration that serves `virtual:trending`: the search sheet's Trending Products as the
// build's catalogue gives them, so the layout's first-tap copy of the search sheet
// (src/components/HeaderShells.astro) shows them in the page's HTML, before the catalogue is fetched.
import type { AstroIntegration } from 'astro';
import { trendingProducts } from '../../lib/catalogue.ts';
import { discountedPrice } from '../../lib/pricing.ts';
import { getCatalogue } from './build-catalogue.ts';

const ID = 'virtual:trending';
const RESOLVED = `\0${ID}`;

/** One trending product as the search sheet lists it. */
export interface TrendingCard {
  id: string;
  name: string;
  image: string;
  /** The price a shopper pays, in PKR. */
  pkr: number;
}

/** The trending products of `catalogue`, as the search sheet lists them. */
export async function trendingCards(): Promise<TrendingCard[]> {
  return trendingProducts(await getCatalogue()).map((p) => ({
    id: p._id,
    name: p.productName,
    image: p.colorImages[0]?.images[0] ?? '',
    pkr: discountedPrice(p),
  }));
}

/** Provides `import trending from 'virtual:trending'` to the layout and components. */
export function trendingModule(): AstroIntegration {
  return {
    name: 'trending',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'trending',
                resolveId: (id: string) => (id === ID ? RESOLVED : undefined),
                load: async (id: string) =>
                  id === RESOLVED
                    ? `export default ${JSON.stringify(await trendingCards())};`
                    : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
