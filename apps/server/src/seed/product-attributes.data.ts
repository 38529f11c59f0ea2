import type { Grading, ProductCondition } from '@app/contracts';

/**
 * Condition of every demo product, and the grading of the few graded cards, so browsing by
 * condition and the graded-card badge have something to show.
 */
export const demoAttributes: Record<string, { condition: ProductCondition; grading?: Grading }> = {
  'Maisto Lamborghini Aventador SVJ': { condition: 'nuevo_en_caja' },
  'Funko Pop! Goku Super Saiyan': { condition: 'nuevo_en_caja' },
  'Carta Yu-Gi-Oh! Dragón Blanco de Ojos Azules LOB': {
    condition: 'usado',
    grading: { company: 'PSA', grade: 8, certificate: '48213377' },
  },
  'Hot Wheels Nissan Skyline GT-R R34': { condition: 'nuevo_en_caja' },
  'Matchbox Volkswagen Kombi 1962': { condition: 'usado' },
  'Mini GT Toyota Supra GR': { condition: 'nuevo_sin_caja' },
  'Funko Pop! Darth Vader': { condition: 'con_detalles' },
  'Bburago Ferrari F40': { condition: 'usado' },
  'Greenlight Ford Mustang GT 1968 Bullitt': { condition: 'nuevo_en_caja' },
  'Carta Pokémon Charizard Holo 1ra edición': {
    condition: 'usado',
    grading: { company: 'PSA', grade: 9, certificate: '10293847' },
  },
  'Carta Pokémon Blastoise Holo Set Base': {
    condition: 'usado',
    grading: { company: 'BGS', grade: 8.5, certificate: '0012345678' },
  },
  'Kidrobot Dunny Arcane Divination': { condition: 'nuevo_sin_caja' },
  'Medicom Toy Be@rbrick 400% Basquiat': { condition: 'nuevo_en_caja' },
  'Carta Magic: The Gathering Shivan Dragon': { condition: 'con_detalles' },
  'Funko Pop! Spider-Man Chase': { condition: 'nuevo_en_caja' },
  'Panini Álbum Mundial Brasil 2014 completo': { condition: 'usado' },
  'Tokidoki Unicorno Serie 9': { condition: 'nuevo_sin_caja' },
  'Carta Yu-Gi-Oh! Mago Oscuro': {
    condition: 'usado',
    grading: { company: 'CGC', grade: 9.5, certificate: null },
  },
};
