import type { ContactDataKind } from './contact-safety.ts';

/*
 * Examples of the contact-safety rule, shared by its unit tests and the API tests that send the
 * same texts through the server.
 */

/** Texts that carry a way to reach someone outside the marketplace, with what gives them away. */
export const contactSafetyRefused: Array<[string, ContactDataKind]> = [
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
  ['wsp 3001234567', 'phone'],
  ['insta: @juan', 'handle'],
  ['escríbeme al wsp, Lote 01', 'invitation'],
  ['fb: coleccionesjuan', 'invitation'],
  ['@juancolecciona', 'handle'],
  ['sígueme: @juan_hw', 'handle'],
];

/** Texts people write about collectibles that must pass. */
export const contactSafetyAllowed: string[] = [
  'Hot Wheels 1:64 #145',
  'Carro FB75 escala 1:43',
  'Figura Insta360',
  'Lote wsp01 de cartas',
  'Modelo 3FB de 1998',
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
