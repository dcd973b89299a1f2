import { describe, expect, it } from 'vitest';
import { receipt, type ReceiptOrder } from '../../src/lib/orders/receipt.ts';

const line = (productName: string, lineTotal: number, quantity = 1) => ({
  productId: `p-${productName}`,
  productName,
  selectedColor: 'Black',
  imageIndex: '0',
  quantity,
  lineTotal,
});

const base: ReceiptOrder = {
  _id: '6650f1c2a1b2c3d43a4030a3',
  items: [line('Tote', 4500, 2), line('Clutch', 3200)],
  rate: 1,
  currency: 'PKR',
  amount: 7700,
  deliveryFee: 250,
  total: 7950,
  address: {
    firstName: 'Ayesha',
    lastName: 'Khan',
    address1: '12 Mall Road',
    city: 'Lahore',
    state: 'Punjab',
    zip: '54000',
    country: 'Pakistan',
    mobile: '03001234567',
  },
};

describe('an order receipt', () => {
  it('numbers the order with the short number the desk and the mails use', () => {
    expect(receipt(base).number).toBe('#3A4030A3');
  });

  it('shows each line with name, colour, quantity, quantity × unit price and line total in rupees', () => {
    expect(receipt(base).lines).toEqual([
      {
        key: '0:p-Tote:Black:0',
        name: 'Tote',
        colour: 'Black',
        quantity: 2,
        unit: '2 × ₨2,250',
        amount: '₨4,500',
      },
      {
        key: '1:p-Clutch:Black:0',
        name: 'Clutch',
        colour: 'Black',
        quantity: 1,
        unit: '1 × ₨3,200',
        amount: '₨3,200',
      },
    ]);
    expect(receipt(base).total).toBe('₨7,950');
  });

  it('converts each line at the order rate so the lines add up to the items figure in pounds', () => {
    // 1553 × 0.0028 = 4.3484 → £4.35; 1552 × 0.0028 = 4.3456 → £4.35; the items figure is their sum.
    const gbp = receipt({
      ...base,
      items: [line('Tote', 1553), line('Clutch', 1552)],
      rate: 0.0028,
      currency: 'GBP',
      amount: 8.7,
      deliveryFee: 10,
      total: 18.7,
    });
    expect(gbp.lines.map((l) => l.unit)).toEqual(['1 × £4.35', '1 × £4.35']);
    expect(gbp.lines.map((l) => l.amount)).toEqual(['£4.35', '£4.35']);
    expect(gbp.items).toBe('£8.70');
    expect(gbp.total).toBe('£18.70');
  });

  it('shows the unit price the order was placed at, in its currency, that × the quantity being the line exactly', () => {
    // ₨5,487 × 0.0132 = AED 72.4284 → AED 72.43 a unit; 30 of them are AED 2,172.90, where the
    // rupee line ₨164,610 converted whole would be AED 2,172.85.
    const aed = receipt({
      ...base,
      items: [line('Reseller Laptop Bag', 164_610, 30)],
      rate: 0.0132,
      currency: 'AED',
      amount: 2172.9,
      deliveryFee: 35,
      total: 2207.9,
    });
    expect(aed.lines.map((l) => [l.unit, l.amount])).toEqual([['30 × AED 72.43', 'AED 2,172.90']]);
  });

  it('shows no unit price for a line of an order priced before the one money rule, whose lines were converted whole', () => {
    // Such an order stored the rupee line converted whole, AED 2,172.85: it keeps that line, and
    // no unit price times 30 makes it.
    const old = receipt({
      ...base,
      items: [line('Reseller Laptop Bag', 164_610, 30)],
      rate: 0.0132,
      currency: 'AED',
      amount: 2172.85,
      deliveryFee: 35,
      total: 2207.85,
    });
    expect(old.lines.map((l) => [l.unit, l.amount])).toEqual([[null, 'AED 2,172.85']]);
  });

  it('leaves line amounts out of an order whose stored items figure is not the sum of its lines', () => {
    const legacy = receipt({
      ...base,
      items: [line('Tote', 1553), line('Clutch', 1552)],
      rate: 0.0028,
      currency: 'GBP',
      amount: 8.69,
      deliveryFee: 10,
      total: 18.69,
    });
    expect(legacy.lines.map((l) => l.amount)).toEqual([null, null]);
    expect(legacy.lines.map((l) => l.unit)).toEqual([null, null]);
    expect(legacy.items).toBe('£8.69');
  });

  it('writes the address as postal lines, leaving out an empty second line', () => {
    expect(receipt(base).address).toEqual([
      'Ayesha Khan',
      '12 Mall Road',
      'Lahore, Punjab 54000',
      'Pakistan',
      '03001234567',
    ]);
    expect(receipt({ ...base, address: { ...base.address, address2: 'Flat 4' } }).address[2]).toBe(
      'Flat 4',
    );
  });
});
