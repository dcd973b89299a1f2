/** The shop's settings as the build read them from the store (src/server/operations/settings-integration.ts). */
declare module 'virtual:shop-settings' {
  const settings: import('./lib/shop-settings.ts').ShopSettings;
  export default settings;
}
