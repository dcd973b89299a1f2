// The demo catalogue's products and the screen sizes the journeys name.

/** The product most journeys buy: in stock, four colours (Black first), photographed fronts. */
export const MARGALLA = {
  id: 'margalla-commuter-laptop-bagpack',
  path: '/product/margalla-commuter-laptop-bagpack',
  name: 'Margalla Commuter Laptop Bagpack',
} as const;

/** A second bagpack (Olive is one of its colours); its images are raster photos. */
export const TRAIL = {
  id: 'karakoram-trail-bagpack',
  path: '/product/karakoram-trail-bagpack',
} as const;

/** A bagpack with no wholesale price (Black first): one tap of + is all its quantity changes by. */
export const LYARI = {
  id: 'lyari-sports-bagpack',
  path: '/product/lyari-sports-bagpack',
  name: 'Lyari Sports Bagpack',
} as const;

/** A tote, for a second cart line. */
export const GWADAR = { id: 'gwadar-beach-tote', path: '/product/gwadar-beach-tote' } as const;

/** A laptop at 1366×900. */
export const DESKTOP = { width: 1366, height: 900 } as const;

/** A phone's viewport, 390×844 (keyboard and stored-value journeys use it without touch). */
export const PHONE = { width: 390, height: 844 } as const;

/** A phone at 390×844 used by touch. */
export const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true };
