// The desk's screens, one registry: each has its address pattern (after '#/'), the heading the
// shell focuses when it opens, whether it is in the navigation, who may open it, and its module,
// loaded only when the screen is first opened. A new screen (payments, settings, returns…) is one
// entry here and one module beside this file.
import type { ComponentType } from 'react';
import { matchRoute, type RoutePattern } from '../../lib/desk-view.ts';
import type { DeskStaff } from '../../lib/contract/desk.ts';
import type { ScreenProps } from './screen-props.ts';

export type { ScreenProps };

/** One screen of the desk. */
export interface DeskScreen {
  id: string;
  pattern: RoutePattern;
  title: string;
  /** The label in the navigation; screens without one are reached from other screens. */
  nav?: string;
  /** The navigation entry a screen reached from another belongs under (an order under Orders). */
  section?: string;
  access: 'staff' | 'owner';
  /** Print layout: the shell shows no navigation around it. */
  print?: boolean;
  load: () => Promise<{ default: ComponentType<ScreenProps> }>;
}

/** Every screen; the first is the desk's home. */
export const SCREENS: readonly DeskScreen[] = [
  {
    id: 'orders',
    pattern: 'orders',
    title: 'Orders',
    nav: 'Orders',
    access: 'staff',
    load: () => import('./OrdersScreen.tsx'),
  },
  // An order taken by phone or WhatsApp ('orders/new' first: it is no order's number).
  {
    id: 'order-new',
    pattern: 'orders/new',
    title: 'New order',
    section: 'orders',
    access: 'staff',
    load: () => import('./NewOrderScreen.tsx'),
  },
  {
    id: 'order',
    pattern: 'orders/:order',
    title: 'Order',
    section: 'orders',
    access: 'staff',
    load: () => import('./OrderScreen.tsx'),
  },
  {
    id: 'slip',
    pattern: 'slip/:order',
    title: 'Packing slip',
    section: 'orders',
    access: 'staff',
    print: true,
    load: () => import('./SlipScreen.tsx'),
  },
  {
    id: 'slips',
    pattern: 'slips',
    title: 'Packing slips: Order Placed',
    nav: 'Packing slips',
    access: 'staff',
    print: true,
    load: () => import('./SlipScreen.tsx'),
  },
  // The rider's load sheet, with Book all packed.
  {
    id: 'load-sheet',
    pattern: 'load-sheet',
    title: 'Load sheet',
    nav: 'Load sheet',
    access: 'staff',
    print: true,
    load: () => import('./LoadSheetScreen.tsx'),
  },
  {
    id: 'staff',
    pattern: 'staff',
    title: 'Staff',
    nav: 'Staff',
    access: 'owner',
    load: () => import('./StaffScreen.tsx'),
  },
  {
    id: 'audit',
    pattern: 'audit',
    title: 'Audit log',
    nav: 'Audit log',
    access: 'owner',
    load: () => import('./AuditScreen.tsx'),
  },
  // Return and exchange requests.
  {
    id: 'returns',
    pattern: 'returns',
    title: 'Returns',
    nav: 'Returns',
    access: 'staff',
    load: () => import('./ReturnsScreen.tsx'),
  },
  // The business view, failed mails, the shop's settings.
  {
    id: 'business',
    pattern: 'business',
    title: 'Business',
    nav: 'Business',
    access: 'staff',
    load: () => import('./BusinessScreen.tsx'),
  },
  {
    id: 'mail',
    pattern: 'mail',
    title: 'Failed mails',
    nav: 'Failed mails',
    access: 'staff',
    load: () => import('./MailFailuresScreen.tsx'),
  },
  // catalogue desk: products, with stock per colour.
  {
    id: 'products',
    pattern: 'products',
    title: 'Products',
    nav: 'Products',
    access: 'staff',
    load: () => import('./ProductsScreen.tsx'),
  },
  {
    id: 'settings',
    pattern: 'settings',
    title: 'Settings',
    nav: 'Settings',
    access: 'staff',
    load: () => import('./SettingsScreen.tsx'),
  },
  // Add and edit a product ('products/new' first: it is no product's id).
  {
    id: 'product-new',
    pattern: 'products/new',
    title: 'Add product',
    section: 'products',
    access: 'staff',
    load: () => import('./ProductEditor.tsx'),
  },
  {
    id: 'product',
    pattern: 'products/:product',
    title: 'Edit product',
    section: 'products',
    access: 'staff',
    load: () => import('./ProductEditor.tsx'),
  },
];

/** Whether a member may open a screen (owners may open every screen). */
export const mayOpen = (screen: DeskScreen, staff: DeskStaff): boolean =>
  screen.access === 'staff' || staff.role === 'owner';

/** The screen an address names with its parameters, or null when none does. */
export function findScreen(
  path: string,
): { screen: DeskScreen; params: Record<string, string> } | null {
  for (const screen of SCREENS) {
    const params = matchRoute(screen.pattern, path);
    if (params) return { screen, params };
  }
  return null;
}

// Each screen's component once made (its module, or a lazy one while its module loads), so the
// shell keeps it between drawings. Made in ./DeskApp.tsx: this registry is part of the desk's first
// script (./start.ts), which starts the first calls before any of Preact has loaded.
const components = new Map<string, ComponentType<ScreenProps>>();

/** A screen's component: the one made before, or `make()`'s, kept from now on. */
export function componentOf(
  screen: DeskScreen,
  make: () => ComponentType<ScreenProps>,
): ComponentType<ScreenProps> {
  let component = components.get(screen.id);
  if (!component) {
    component = make();
    components.set(screen.id, component);
  }
  return component;
}

/**
 * Loads a screen's module before the shell first draws it: once it is in, the screen is drawn at
 * once instead of suspending (a "Loading…" drawn, then the screen on a later pass).
 */
export function preloadScreen(screen: DeskScreen): Promise<void> {
  return screen.load().then(
    (module) => {
      if (!components.has(screen.id)) components.set(screen.id, module.default);
    },
    // A failed load is the lazy component's to show when the screen is drawn.
    () => undefined,
  );
}
