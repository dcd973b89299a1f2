// Pure rules of the staff desk, shared by the desk's services and the operator CLI: the short order
// number shoppers see, status names typed in any case, and the shop's clock (Asia/Karachi).
import { ORDER_STATUSES, type OrderStatus } from './orders/moves.ts';

/** The shop's time zone: the desk shows and filters dates in it. */
export const SHOP_TIME_ZONE = 'Asia/Karachi';

/** The short number shoppers see: the last 8 characters of the id, upper case (#7133649B). */
export function shortNumber(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** A typed order number: '#7133649b', '7133649B' → '7133649B'; null when it is not 8 letters or digits. */
export function parseShortNumber(text: string): string | null {
  const match = /^#?([0-9a-z]{8})$/i.exec(text.trim());
  return match ? match[1]!.toUpperCase() : null;
}

/** A status typed in any case and spacing ('out for delivery', 'PACKING'); null when none matches. */
export function statusFromText(text: string): OrderStatus | null {
  const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  return ORDER_STATUSES.find((s) => key(s) === key(text)) ?? null;
}

// The shop clock's formatters, each made on first use, not as the scripts start: making one costs
// the locale's and the time zone's data.
let formats:
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; offset: Intl.DateTimeFormat } | undefined;
const clock = () =>
  (formats ??= {
    day: new Intl.DateTimeFormat('en-CA', {
      timeZone: SHOP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone: SHOP_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    offset: new Intl.DateTimeFormat('en-US', {
      timeZone: SHOP_TIME_ZONE,
      timeZoneName: 'longOffset',
    }),
  });

/** The Karachi calendar day of a moment, as YYYY-MM-DD. */
export function karachiDay(moment: string | number | Date): string {
  return clock().day.format(new Date(moment));
}

/** A moment as Karachi wall time, 'YYYY-MM-DD HH:mm'. */
export function karachiTime(moment: string | number | Date): string {
  const date = new Date(moment);
  return `${clock().day.format(date)} ${clock().time.format(date)}`;
}

/**
 * A wall time in the shop's time zone ('YYYY-MM-DDTHH:mm' or with seconds) as ISO 8601 UTC text.
 * The zone's offset is read from Intl at that moment, so the rule follows SHOP_TIME_ZONE alone
 * (Pakistan has kept UTC+5 all year since 2009, which this also gives).
 */
export function fromShopWallTime(text: string): string {
  const wall = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`);
  const offset = /GMT([+-]\d{2}):(\d{2})/.exec(
    clock()
      .offset.formatToParts(new Date(wall))
      .find((p) => p.type === 'timeZoneName')!.value,
  );
  const minutes = offset
    ? Number(offset[1]) * 60 + Math.sign(Number(offset[1])) * Number(offset[2])
    : 0;
  return new Date(wall - minutes * 60_000).toISOString();
}

/** Only the digits of a phone number, for matching '+92 300 1234567' with '03001234567'. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The most orders one order-list answer may hold (the call's `limit` is at most this). */
export const ORDER_LIST_MAX = 500;
