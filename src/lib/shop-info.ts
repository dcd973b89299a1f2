/** The shop's public identity and customer-care contacts, shown in the layout, FAQ and legal pages. */
export const SHOP = {
  name: 'Bastaa',
  legalName: 'Bastaa Bags (Private) Limited',
  city: 'Lahore',
  country: 'Pakistan',
  address: '42-B Main Boulevard, Gulberg III, Lahore 54660, Pakistan',
  email: 'care@bastaa.pk',
  /** International format without "+" as messaging deep links want it. */
  whatsappNumber: '923001234567',
  whatsappDisplay: '+92 300 1234567',
  siteUrl: 'https://bastaa.pk',
} as const;

/** The messaging-app contact link used by the floating button and the Need Help panels. */
export const MESSAGING_LINK = `https://wa.me/${SHOP.whatsappNumber}`;

/** Customer-care hours, verbatim from docs/product.md §1. */
export const SUPPORT_HOURS = {
  open: 'Monday to Saturday, 24 hours',
  closed: 'Closed Sunday and public holidays',
} as const;

/** Payment logos shown in the footer (docs/product.md §1). */
export const PAYMENT_LOGOS = ['Visa', 'Mastercard', 'JazzCash', 'EasyPaisa'] as const;
