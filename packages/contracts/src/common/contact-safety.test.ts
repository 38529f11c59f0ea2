import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactSafetyAllowed, contactSafetyRefused } from './contact-safety.examples.ts';
import { findContactData, isContactSafe } from './contact-safety.ts';

describe('contact safety: refused texts', () => {
  it.each(contactSafetyRefused)('%s → %s', (text, kind) => {
    expect(findContactData(text)).toBe(kind);
    expect(isContactSafe(text)).toBe(false);
  });
});

describe('contact safety: allowed texts', () => {
  it.each(contactSafetyAllowed)('%s', (text) => {
    expect(findContactData(text)).toBeNull();
  });
});

// Harmless words and numbers: letters, prices, scales, years, codes, punctuation.
const harmlessWord = fc.oneof(
  fc.constantFrom(
    'auto',
    'caja',
    'original',
    'nuevo',
    'colección',
    'escala',
    'Hot',
    'Wheels',
    'figura',
    'año',
    'envío',
    'precio',
    '¿viene',
    'sí,',
    'está',
    'muy',
    'bien.',
    'carta',
    'edición',
    'de',
    'la',
    'el',
    'y',
    'con',
  ),
  fc.constantFrom('1:64', '1:18', '#145', 'HW-2023-145', '$ 1.500.000', '150000', '2023', '1998', '+3 años'),
  fc.integer({ min: 1900, max: 2030 }).map(String),
  // Quantities come with what they count.
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom('cm', 'piezas', 'unidades', 'g', 'autos'))
    .map(([n, unit]) => `${n} ${unit}`),
);
const harmlessText = fc.array(harmlessWord, { minLength: 1, maxLength: 30 }).map((w) => w.join(' '));

const contact = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.constantFrom('gmail.com', 'hotmail.com', 'yahoo.es'))
    .map(([user, domain]) => `${user}@${domain}`),
  fc.stringMatching(/^[a-z]{3,10}$/).map((user) => `${user} arroba gmail punto com`),
  fc.integer({ min: 0, max: 999_999_999 }).map((n) => `3${String(n).padStart(9, '0')}`),
  fc
    .tuple(
      fc.integer({ min: 300, max: 350 }),
      fc.integer({ min: 0, max: 999 }),
      fc.integer({ min: 0, max: 9999 }),
      fc.constantFrom(' ', '-', '.', ' - '),
    )
    .map(([a, b, c, sep]) => `${a}${sep}${String(b).padStart(3, '0')}${sep}${String(c).padStart(4, '0')}`),
  fc.integer({ min: 100_000_000, max: 2_000_000_000 }).map((n) => `+${n}`),
  fc.constantFrom(
    'bit.ly/x1',
    'www.tienda.co',
    'tienda.com',
    'WhatsApp',
    'Telegram',
    'Instagram',
    'wa.me/57',
  ),
  fc.stringMatching(/^[a-z][a-z0-9_]{2,12}$/).map((handle) => `@${handle}`),
);

describe('contact safety: properties', () => {
  it('random harmless text passes', () => {
    fc.assert(
      fc.property(harmlessText, (text) => {
        expect(findContactData(text)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('random text with a contact embedded anywhere is refused', () => {
    fc.assert(
      fc.property(harmlessText, harmlessText, contact, (before, after, data) => {
        expect(findContactData(`${before} ${data} ${after}`)).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
