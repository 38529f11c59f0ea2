import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ContactDataKind, findContactData, isContactSafe } from './contact-safety.ts';

/** Texts that carry a way to reach someone outside the marketplace, with what gives them away. */
export const refusedTexts: Array<[string, ContactDataKind]> = [
  // E-mail addresses, plain and spelled out.
  ['Escríbeme a juan@gmail.com', 'email'],
  ['correo: ANA.PEREZ@Hotmail.Com', 'email'],
  ['juan arroba gmail punto com', 'email'],
  ['juan (at) gmail (dot) com', 'email'],
  ['juan [arroba] yahoo [punto] es', 'email'],
  ['juan @ gmail . com', 'email'],
  ['jüan＠gmail.com', 'email'],
  // Colombian mobiles in every common shape.
  ['Llámame al 3001234567', 'phone'],
  ['cel 300 123 4567', 'phone'],
  ['300-123-4567', 'phone'],
  ['300.123.4567', 'phone'],
  ['(300) 123 4567', 'phone'],
  ['+57 300 123 4567', 'phone'],
  ['+573001234567', 'phone'],
  ['57 3001234567', 'phone'],
  ['573001234567', 'phone'],
  ['3 0 0 1 2 3 4 5 6 7', 'phone'],
  ['3-0-0-1-2-3-4-5-6-7', 'phone'],
  ['mi numero ３００１２３４５６７', 'phone'],
  ['3\u200b001\u200b234\u200b567', 'phone'],
  ['tres cero cero uno dos tres cuatro cinco seis siete', 'phone'],
  ['Precio 1.500.000, informes 315 555 0000', 'phone'],
  // Any number with a country prefix.
  ['+1 (305) 555-0123', 'phone'],
  ['+34 612 34 56 78', 'phone'],
  ['+52 55 1234 5678', 'phone'],
  // Links and domain names.
  ['Mira más en bit.ly/abc123', 'link'],
  ['www.coleccion-juan.co', 'link'],
  ['https://tienda.example', 'link'],
  ['Visita tienda.com', 'link'],
  ['tienda punto com', 'link'],
  ['mitienda.store tiene más', 'link'],
  ['wa.me/573001234567', 'link'],
  ['t.me/juancolecciones', 'link'],
  // Invitations to talk elsewhere.
  ['Escríbeme al WhatsApp', 'invitation'],
  ['háblame por wsp', 'invitation'],
  ['Búscame en Telegram', 'invitation'],
  ['sígueme en Instagram', 'invitation'],
  ['por insta te paso fotos', 'invitation'],
  ['W h a t s A p p', 'invitation'],
  ['whats-app', 'invitation'],
  ['wh4tsapp', 'invitation'],
  ['Wha\u200btsApp', 'invitation'],
  ['ＷｈａｔｓＡｐｐ', 'invitation'],
  ['escríbeme al fb', 'invitation'],
  ['@juancolecciona', 'handle'],
  ['sígueme: @juan_hw', 'handle'],
];

/** Texts people write about collectibles that must pass. */
export const allowedTexts = [
  'Hot Wheels 1:64 #145',
  '$ 1.500.000',
  '150000',
  'Precio: $ 3.500.000 - $ 3.200.000',
  '3.500.000 - 3.200.000',
  'Escala 1:64, año 1998',
  'Modelo HW-2023-145, edición 2023',
  'Colección de 1995 a 2005',
  '¿Viene en su caja original? ¿Tiene marcas de uso?',
  'Sí, está nuevo, nunca se abrió. Se entrega en Bogotá.',
  'Funciona bien.Es original y viene con todo',
  'Me llegó ayer.Me encantó',
  'Edad recomendada +3 años, 14 piezas',
  'Para tod@s los coleccionistas',
  'Lote de 3 autos, 12 cm de largo',
  'Número de serie 1234567',
  'Mide 30 x 20 x 10 cm y pesa 1.2 kg',
  'Batman 1989, Funko Pop #01',
  'Dragon Ball Z figura 25 cm',
  'Tarjeta Pokémon Charizard 4/102 primera edición',
  'a punto de agotarse',
  'Envío a todo el país por la plataforma',
  'LEGO 75192 Millennium Falcon',
  'Del 1 al 10: un 9',
];

describe('contact safety: refused texts', () => {
  it.each(refusedTexts)('%s → %s', (text, kind) => {
    expect(findContactData(text)).toBe(kind);
    expect(isContactSafe(text)).toBe(false);
  });
});

describe('contact safety: allowed texts', () => {
  it.each(allowedTexts)('%s', (text) => {
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
