/* The demo catalogue as data: what each demo product is and which seeded purpose it serves. */

/**
 * The demo products by purpose. Products meant for auctions are left `available`; the auctions
 * seed puts them in their auctions.
 */
export interface DemoProducts {
  /** vendedor_demo: available, in no auction. */
  available: number[];
  /** vendedor_demo: can_be_bought with sell_price. */
  buyNow: number[];
  /** vendedor_demo: for the first active auction (2+). */
  auctionA: number[];
  /** vendedor_demo: for the second active auction (2+). */
  auctionB: number[];
  /** vendedor_demo: for the upcoming auction with manual activation. */
  upcoming: number[];
  /** tienda_retro: for its active auction. */
  storeAuction: number[];
  /** tienda_retro: buy-now products. */
  storeBuyNow: number[];
}

type Purpose = keyof DemoProducts;
type CategoryName = 'Autos die-cast' | 'Cartas coleccionables' | 'Figuras de vinilo';

interface DemoProduct {
  purpose: Purpose;
  name: string;
  description: string;
  tags: string;
  year: number;
  category: CategoryName;
  brand: string;
  scale?: string;
  /** Pesos. */
  reserve: number;
  base?: number;
  /** Pesos; makes it a buy-now product. */
  sell?: number;
  colors: [string, string];
}

const DIE_CAST: CategoryName = 'Autos die-cast';
const CARDS: CategoryName = 'Cartas coleccionables';
const VINYL: CategoryName = 'Figuras de vinilo';

/** vendedor_demo's catalogue. */
export const sellerProducts: DemoProduct[] = [
  {
    purpose: 'available',
    name: 'Maisto Lamborghini Aventador SVJ',
    description:
      'Réplica a escala 1:18 con puertas de tijera funcionales, motor detallado y suspensión. Color verde Mantis, en su caja original sin abrir.',
    tags: 'lamborghini, superdeportivo, caja original',
    year: 2019,
    category: DIE_CAST,
    brand: 'Maisto',
    scale: '1:18',
    reserve: 180_000,
    base: 150_000,
    colors: ['#1b5e20', '#81c784'],
  },
  {
    purpose: 'available',
    name: 'Funko Pop! Goku Super Saiyan',
    description:
      'Figura Funko Pop! de Dragon Ball Z número 14, Goku en su transformación Super Saiyan. Caja en muy buen estado con protector plástico.',
    tags: 'dragon ball, anime, funko',
    year: 2016,
    category: VINYL,
    brand: 'Funko',
    reserve: 60_000,
    colors: ['#e65100', '#ffb74d'],
  },
  {
    purpose: 'available',
    name: 'Carta Yu-Gi-Oh! Dragón Blanco de Ojos Azules LOB',
    description:
      'Carta Dragón Blanco de Ojos Azules de la edición Legend of Blue Eyes White Dragon (LOB), rareza Ultra Rare. Conservada en funda y top loader desde su apertura.',
    tags: 'yu-gi-oh, ultra rare, kaiba',
    year: 2002,
    category: CARDS,
    brand: 'Yu-Gi-Oh!',
    reserve: 250_000,
    colors: ['#0d47a1', '#64b5f6'],
  },
  {
    purpose: 'buyNow',
    name: 'Hot Wheels Nissan Skyline GT-R R34',
    description:
      'Hot Wheels Premium Car Culture, Nissan Skyline GT-R (BNR34) con llantas Real Riders y carrocería metálica. Blíster intacto.',
    tags: 'jdm, nissan, premium',
    year: 2021,
    category: DIE_CAST,
    brand: 'Hot Wheels',
    scale: '1:64',
    reserve: 40_000,
    sell: 65_000,
    colors: ['#1d3557', '#457b9d'],
  },
  {
    purpose: 'buyNow',
    name: 'Matchbox Volkswagen Kombi 1962',
    description:
      'Volkswagen Type 2 Kombi de 1962 de la línea Matchbox Collectors, bicolor rojo y blanco con detalles cromados.',
    tags: 'volkswagen, clásico, kombi',
    year: 2018,
    category: DIE_CAST,
    brand: 'Matchbox',
    scale: '1:64',
    reserve: 25_000,
    sell: 38_000,
    colors: ['#b71c1c', '#ef9a9a'],
  },
  {
    purpose: 'buyNow',
    name: 'Mini GT Toyota Supra GR',
    description:
      'Toyota GR Supra de Mini GT con volante a la izquierda, pintura Renaissance Red 2.0 y base acrílica de exhibición.',
    tags: 'toyota, supra, mini gt',
    year: 2022,
    category: DIE_CAST,
    brand: 'Mini GT',
    scale: '1:64',
    reserve: 50_000,
    sell: 72_000,
    colors: ['#4a148c', '#ce93d8'],
  },
  {
    purpose: 'buyNow',
    name: 'Funko Pop! Darth Vader',
    description:
      'Funko Pop! Star Wars número 01, Darth Vader con sable de luz. Edición conmemorativa con acabado metálico.',
    tags: 'star wars, funko, villano',
    year: 2020,
    category: VINYL,
    brand: 'Funko',
    reserve: 60_000,
    sell: 85_000,
    colors: ['#212121', '#757575'],
  },
  {
    purpose: 'auctionA',
    name: 'Bburago Ferrari F40',
    description:
      'Ferrari F40 de Bburago colección Race & Play, escala 1:24, con puertas y capó que abren. Un clásico de los ochenta.',
    tags: 'ferrari, clásico, italiano',
    year: 2015,
    category: DIE_CAST,
    brand: 'Bburago',
    scale: '1:24',
    reserve: 120_000,
    colors: ['#c62828', '#ff8a65'],
  },
  {
    purpose: 'auctionA',
    name: 'Greenlight Ford Mustang GT 1968 Bullitt',
    description:
      'Ford Mustang GT Fastback de 1968 de la película Bullitt, Greenlight Hollywood Series, escala 1:43 con vitrina.',
    tags: 'mustang, cine, muscle car',
    year: 2017,
    category: DIE_CAST,
    brand: 'Greenlight',
    scale: '1:43',
    reserve: 95_000,
    colors: ['#1b3a2f', '#4f7f6a'],
  },
  {
    purpose: 'auctionB',
    name: 'Carta Pokémon Charizard Holo 1ra edición',
    description:
      'Charizard holográfico del Set Base, primera edición (sello "Edition 1"). Centrado muy bueno, esquinas limpias. Una pieza de culto.',
    tags: 'pokemon, holo, primera edición',
    year: 1999,
    category: CARDS,
    brand: 'Pokémon',
    reserve: 2_500_000,
    base: 1_800_000,
    colors: ['#bf360c', '#ffab40'],
  },
  {
    purpose: 'auctionB',
    name: 'Carta Pokémon Blastoise Holo Set Base',
    description:
      'Blastoise holográfico del Set Base (ilimitado), en protector rígido. Ligero desgaste en el borde posterior.',
    tags: 'pokemon, holo, set base',
    year: 1999,
    category: CARDS,
    brand: 'Pokémon',
    reserve: 800_000,
    colors: ['#01579b', '#4fc3f7'],
  },
  {
    purpose: 'upcoming',
    name: 'Kidrobot Dunny Arcane Divination',
    description:
      'Dunny de 3 pulgadas de la serie Arcane Divination de Kidrobot, figura de arte de vinilo inspirada en el tarot. Con tarjeta y caja ciega.',
    tags: 'kidrobot, dunny, arte',
    year: 2019,
    category: VINYL,
    brand: 'Kidrobot',
    reserve: 150_000,
    colors: ['#311b92', '#7e57c2'],
  },
  {
    purpose: 'upcoming',
    name: 'Medicom Toy Be@rbrick 400% Basquiat',
    description:
      'Be@rbrick de Medicom Toy al 400% con obra de Jean-Michel Basquiat. Edición limitada, nunca exhibida al sol.',
    tags: 'bearbrick, arte, edición limitada',
    year: 2020,
    category: VINYL,
    brand: 'Medicom Toy',
    reserve: 900_000,
    colors: ['#f9a825', '#5d4037'],
  },
];

/** tienda_retro's catalogue. */
export const storeProducts: DemoProduct[] = [
  {
    purpose: 'storeAuction',
    name: 'Carta Magic: The Gathering Shivan Dragon',
    description:
      'Shivan Dragon de la edición Revised de Magic: The Gathering. Carta jugada con cuidado, siempre enfundada.',
    tags: 'magic, dragón, revised',
    year: 1994,
    category: CARDS,
    brand: 'Magic: The Gathering',
    reserve: 300_000,
    colors: ['#7f0000', '#d84315'],
  },
  {
    purpose: 'storeAuction',
    name: 'Funko Pop! Spider-Man Chase',
    description:
      'Funko Pop! Marvel Spider-Man variante Chase con acabado metálico, producción limitada con sticker oficial.',
    tags: 'marvel, chase, funko',
    year: 2019,
    category: VINYL,
    brand: 'Funko',
    reserve: 110_000,
    colors: ['#b71c1c', '#1565c0'],
  },
  {
    purpose: 'storeBuyNow',
    name: 'Panini Álbum Mundial Brasil 2014 completo',
    description:
      'Álbum oficial Panini de la Copa Mundial Brasil 2014, completo con las 640 láminas pegadas, incluida la de James Rodríguez.',
    tags: 'panini, mundial, fútbol',
    year: 2014,
    category: CARDS,
    brand: 'Panini',
    reserve: 300_000,
    sell: 450_000,
    colors: ['#2e7d32', '#fdd835'],
  },
  {
    purpose: 'storeBuyNow',
    name: 'Tokidoki Unicorno Serie 9',
    description:
      'Figura ciega Tokidoki Unicorno de la serie 9, abierta solo para verificar el personaje. Incluye caja.',
    tags: 'tokidoki, unicornio, kawaii',
    year: 2020,
    category: VINYL,
    brand: 'Tokidoki',
    reserve: 60_000,
    sell: 95_000,
    colors: ['#ad1457', '#f48fb1'],
  },
  {
    purpose: 'storeBuyNow',
    name: 'Carta Yu-Gi-Oh! Mago Oscuro',
    description: 'Mago Oscuro de la edición Starter Deck Yugi, en excelente estado y con funda protectora.',
    tags: 'yu-gi-oh, mago oscuro, clásico',
    year: 2002,
    category: CARDS,
    brand: 'Yu-Gi-Oh!',
    reserve: 80_000,
    sell: 120_000,
    colors: ['#4527a0', '#9575cd'],
  },
];
