// Checks every adapter makes of a shipment before it leaves the shop, so a courier never books
// a parcel the shop did not mean (a fractional COD, a foreign currency, no pieces).
import { amountOf, type Money } from '../../lib/money.ts';
import { CourierError, type ShipmentRequest } from './port.ts';

/** The heaviest parcel the shop books (couriers' own limits are higher; this catches a typo). */
const MAX_WEIGHT_GRAMS = 50_000;
const MAX_PIECES = 99;

/** The COD amount in whole rupees, as couriers collect it; refuses another currency or paisa. */
export function codRupees(courier: string, cod: Money): number {
  if (cod.currency !== 'PKR')
    throw new CourierError('invalid-input', `${courier} collects rupees only, not ${cod.currency}`);
  const rupees = amountOf(cod);
  if (!Number.isInteger(rupees) || rupees < 0)
    throw new CourierError(
      'invalid-input',
      `${courier} collects whole rupees: ${rupees} cannot be collected`,
    );
  return rupees;
}

/** A Pakistani mobile number as couriers take it: 03001234567 (from +92 300 1234567, 0300-1234567). */
export function localMobile(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  if (digits.startsWith('+92')) return `0${digits.slice(3)}`;
  if (/^92\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/** Refuses a shipment no courier should be asked to book. */
export function checkShipment(courier: string, request: ShipmentRequest): void {
  const problem = shipmentProblem(request);
  if (problem) throw new CourierError('invalid-input', `${courier} booking: ${problem}`);
}

function shipmentProblem(request: ShipmentRequest): string | null {
  if (!Number.isInteger(request.weightGrams) || request.weightGrams < 1)
    return 'the weight must be a whole number of grams';
  if (request.weightGrams > MAX_WEIGHT_GRAMS) return `the weight is over ${MAX_WEIGHT_GRAMS} g`;
  if (!Number.isInteger(request.pieces) || request.pieces < 1 || request.pieces > MAX_PIECES)
    return `the pieces must be 1 to ${MAX_PIECES}`;
  const { name, phone, address, city } = request.consignee;
  if (!name.trim() || !address.trim() || !city.trim())
    return 'the consignee needs a name, address and city';
  if (!/^03\d{9}$/.test(localMobile(phone)))
    return 'the consignee phone must be a Pakistani mobile number (03xx xxxxxxx)';
  if (!request.orderRef.trim() || request.orderRef.length > 40)
    return 'the order reference must be 1 to 40 characters';
  return null;
}
