/** The shop's settings as the build read them from the store (src/server/operations/settings-integration.ts). */
declare module 'virtual:shop-settings' {
  const settings: import('./lib/shop-settings.ts').ShopSettings;
  export default settings;
}

/** The search sheet's Trending Products as the build's catalogue gives them (src/server/catalogue/trending-integration.ts). */
declare module 'virtual:trending' {
  const trending: import('./server/catalogue/trending-integration.ts').TrendingCard[];
  export default trending;
}
