// The bag's size beside its price: its measurements and the largest common laptop it holds, never
// more than the maker's own "up to N inches".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bagSize, centimetres, LAPTOPS, statedLimit } from '../../src/lib/bag-size.ts';

const specs = (length: string, width: string, height: string, compatibility = '') => ({
  length,
  width,
  height,
  compatibility,
});

describe('bagSize', () => {
  it('names the size and the laptop a commuter bagpack holds: "30 × 14 × 44 cm, fits a 15.6″ laptop"', () => {
    expect(bagSize(specs('30 cm', '14 cm', '44 cm', 'Fits laptops up to 15.6 inches'))).toBe(
      '30 × 14 × 44 cm, fits a 15.6″ laptop',
    );
  });

  it('never promises more than the maker: a roomy bag "up to 14 inches" fits a 14″ laptop', () => {
    expect(bagSize(specs('46 cm', '16 cm', '36 cm', 'Fits laptops up to 14 inches'))).toBe(
      '46 × 16 × 36 cm, fits a 14″ laptop',
    );
  });

  it('reads whole inches as laptops are sold: "up to 13 inches" holds a 13.3″ laptop', () => {
    expect(bagSize(specs('40 cm', '12 cm', '34 cm', 'Fits laptops up to 13 inches'))).toBe(
      '40 × 12 × 34 cm, fits a 13.3″ laptop',
    );
  });

  it('gives the size alone for a bag made for a tablet or a phone, or too small for any laptop', () => {
    expect(bagSize(specs('36 cm', '11 cm', '30 cm', 'Fits a 10-inch tablet and a purse'))).toBe(
      '36 × 11 × 30 cm',
    );
    expect(bagSize(specs('25 cm', '8 cm', '20 cm'))).toBe('25 × 8 × 20 cm');
  });

  it('says "an 11.6″" as it is read', () => {
    expect(bagSize(specs('31 cm', '2 cm', '22 cm'))).toBe('31 × 2 × 22 cm, fits an 11.6″ laptop');
  });

  it('reads millimetres and inches, and shows nothing for a measurement it cannot read', () => {
    expect(bagSize(specs('300mm', '140 mm', '44cm'))).toBe('30 × 14 × 44 cm, fits a 17.3″ laptop');
    expect(centimetres('12 in')).toBe(30.5);
    expect(bagSize(specs('about 30', '14 cm', '44 cm'))).toBeNull();
    expect(bagSize(specs('', '14 cm', '44 cm'))).toBeNull();
    expect(statedLimit('Fits laptops up to 15.6 inches')).toBe(15.6);
    expect(statedLimit('Carries groceries up to 10 kg')).toBeNull();
  });

  it('only ever names a laptop whose body fits the bag’s largest face with a centimetre each way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        (a, b, c) => {
          const line = bagSize(specs(`${a} cm`, `${b} cm`, `${c} cm`))!;
          const [long, middle] = [a, b, c].sort((x, y) => y - x) as [number, number];
          const inches = /fits an? ([\d.]+)″/.exec(line)?.[1];
          const fitting = LAPTOPS.filter((l) => l.width <= long - 1 && l.depth <= middle - 1);
          expect(inches === undefined ? undefined : Number(inches)).toBe(fitting.at(-1)?.inches);
        },
      ),
    );
  });
});
