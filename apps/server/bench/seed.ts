import { sql } from 'kysely';
import type { Database } from '../src/platform/db.ts';

export interface SeedSizes {
  products: number;
  auctions: number;
  users: number;
}

/** The search arm's catalogue: 200,000 products, 20,000 auctions, 5,000 users (env overrides). */
export const SEARCH_SIZES: SeedSizes = {
  products: Number(process.env.BENCH_PRODUCTS ?? 200_000),
  auctions: Number(process.env.BENCH_AUCTIONS ?? 20_000),
  users: Number(process.env.BENCH_USERS ?? 5_000),
};

// name, category, brand: the models a die-cast, trading-card and vinyl marketplace sells.
const MODELS: [string, string, string][] = [
  ['Chevrolet Camaro 1969', 'Autos die-cast', 'Hot Wheels'],
  ['Ford Mustang GT 1967', 'Autos die-cast', 'Hot Wheels'],
  ['Nissan Skyline GT-R R34', 'Autos die-cast', 'Hot Wheels'],
  ['Batimóvil clásico', 'Autos die-cast', 'Hot Wheels'],
  ['DeLorean Regreso al Futuro', 'Autos die-cast', 'Hot Wheels'],
  ['Volkswagen Combi', 'Autos die-cast', 'Hot Wheels'],
  ['Camión de bomberos Scania', 'Autos die-cast', 'Matchbox'],
  ['Land Rover Defender 110', 'Autos die-cast', 'Matchbox'],
  ['Autobús escolar', 'Autos die-cast', 'Matchbox'],
  ['Jeep Wrangler Rubicon', 'Autos die-cast', 'Matchbox'],
  ['Ambulancia Ford Transit', 'Autos die-cast', 'Matchbox'],
  ['Ferrari F40', 'Autos die-cast', 'Maisto'],
  ['Lamborghini Countach LP400', 'Autos die-cast', 'Maisto'],
  ['Porsche 911 Carrera', 'Autos die-cast', 'Maisto'],
  ['Mercedes-Benz 300SL Alas de Gaviota', 'Autos die-cast', 'Bburago'],
  ['Ferrari Testarossa', 'Autos die-cast', 'Bburago'],
  ['Renault 4 Colombia', 'Autos die-cast', 'Greenlight'],
  ['Ford Bronco 1976', 'Autos die-cast', 'Greenlight'],
  ['Toyota Supra MK4', 'Autos die-cast', 'Mini GT'],
  ['Mazda RX-7 FD', 'Autos die-cast', 'Mini GT'],
  ['Charizard holográfico', 'Cartas coleccionables', 'Pokémon'],
  ['Pikachu Illustrator', 'Cartas coleccionables', 'Pokémon'],
  ['Mewtwo GX', 'Cartas coleccionables', 'Pokémon'],
  ['Blastoise Set Base', 'Cartas coleccionables', 'Pokémon'],
  ['Gengar VMAX', 'Cartas coleccionables', 'Pokémon'],
  ['Lugia Neo Genesis', 'Cartas coleccionables', 'Pokémon'],
  ['Black Lotus', 'Cartas coleccionables', 'Magic: The Gathering'],
  ['Dragón Shivano', 'Cartas coleccionables', 'Magic: The Gathering'],
  ['Jace, el Escultor Mental', 'Cartas coleccionables', 'Magic: The Gathering'],
  ['Dragón Blanco de Ojos Azules', 'Cartas coleccionables', 'Yu-Gi-Oh!'],
  ['Mago Oscuro', 'Cartas coleccionables', 'Yu-Gi-Oh!'],
  ['Exodia el Prohibido', 'Cartas coleccionables', 'Yu-Gi-Oh!'],
  ['Álbum Mundial Qatar 2022', 'Cartas coleccionables', 'Panini'],
  ['Lámina de Messi', 'Cartas coleccionables', 'Panini'],
  ['Lámina de James Rodríguez', 'Cartas coleccionables', 'Panini'],
  ['Funko Pop Batman', 'Figuras de vinilo', 'Funko'],
  ['Funko Pop Goku Super Saiyajin', 'Figuras de vinilo', 'Funko'],
  ['Funko Pop Frida Kahlo', 'Figuras de vinilo', 'Funko'],
  ['Funko Pop Grogu', 'Figuras de vinilo', 'Funko'],
  ['Funko Pop Spider-Man', 'Figuras de vinilo', 'Funko'],
  ['Dunny Serie Arte', 'Figuras de vinilo', 'Kidrobot'],
  ['Munny para pintar', 'Figuras de vinilo', 'Kidrobot'],
  ['Bearbrick 400% Basquiat', 'Figuras de vinilo', 'Medicom Toy'],
  ['Bearbrick 100% Kaws', 'Figuras de vinilo', 'Medicom Toy'],
  ['Unicorno edición arcoíris', 'Figuras de vinilo', 'Tokidoki'],
];
const VARIANTS = [
  '',
  'edición limitada',
  'primera edición',
  'Treasure Hunt',
  'rojo',
  'azul',
  'negro',
  'plateado',
  'verde',
  'dorado',
  'de colección',
  'versión japonesa',
  'con caja',
  'sin abrir',
  'firmado',
];
const DESCRIPTIONS = [
  'Pieza de colección en excelente estado, con su caja original y sin marcas de uso.',
  'Conservado en vitrina desde su compra. Se entrega con protector acrílico.',
  'Detalles de pintura impecables; ideal para completar tu colección.',
  'Edición importada, difícil de conseguir en Colombia.',
  'Leves marcas en el empaque, la pieza está perfecta.',
  'Incluye certificado de autenticidad numerado.',
  'Comprado en una convención en Bogotá, nunca exhibido.',
  'Carta calificada, en funda protectora y top loader.',
];
const TAGS = [
  'vintage,retro',
  'nuevo,sellado',
  'coleccion,regalo',
  'anime,japon',
  'clasico,escala',
  'raro,edicion especial',
  'futbol,mundial',
  'cine,superheroes',
];
const AUCTION_THEMES = [
  'Subasta de autos clásicos',
  'Cartas Pokémon de la primera generación',
  'Figuras Funko exclusivas',
  'Hot Wheels de los 90',
  'Camiones y buses a escala',
  'Yu-Gi-Oh! vintage',
  'Láminas del Mundial',
  'Colección Bearbrick',
  'Magic: cartas de poder',
  'Superdeportivos 1:18',
];
const BIOS = [
  'Coleccionista de autos a escala desde 1995',
  'Vendo y cambio cartas Pokémon y Yu-Gi-Oh!',
  'Tienda de figuras de vinilo en Medellín',
  'Amante de los trenes eléctricos y los camiones de juguete',
  'Fanático de Hot Wheels, busco Treasure Hunts',
  null,
];

const lit = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);
const textArray = (values: (string | null)[]) => sql.raw(`array[${values.map(lit).join(', ')}]::text[]`);

export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Set-based seed: one INSERT ... SELECT generate_series per table, indexes built after loading.
 * Times are relative to `now` (half the auctions are active, ending 1 to 96 hours after it).
 */
export async function seed(
  db: Database,
  sizes: SeedSizes = SEARCH_SIZES,
  now = new Date('2026-11-22T12:00:00Z'),
) {
  const { products: PRODUCTS, auctions: AUCTIONS, users: USERS } = sizes;
  const models = MODELS.map(([name]) => name);
  const categories = MODELS.map(([, category]) => category);
  const brands = MODELS.map(([, , brand]) => brand);

  // Loading into indexed tables row by row through the trigger is the slow path; the bench fills
  // product_search in one statement with the same expression as product_search_document().
  await sql`
    drop index product_search_text_trgm_idx;
    drop index product_search_name_trgm_idx;
    drop index user_search_text_trgm_idx;
    drop index auction_search_name_trgm_idx;
    drop index auctions_title_trgm_idx;
    alter table products disable trigger products_search_refresh;
    alter table users disable trigger users_search_documents;
    alter table auctions disable trigger auctions_search_documents;
  `.execute(db);

  await timed(`users (${USERS})`, () =>
    sql`
      insert into users (email, username, password_hash, bio, is_seller, created_at, updated_at)
      select 'bench' || g || '@bench.test',
             (array['coleccionista', 'tienda', 'vendedor', 'fan', 'retro'])[1 + g % 5] || '_' ||
               (array['medellin', 'bogota', 'cali', 'barranquilla', 'pereira', 'manizales'])[1 + (g / 5) % 6] || '_' || g,
             'not-a-real-hash', (${textArray(BIOS)})[1 + g % ${BIOS.length}], g % 3 = 0, ${now}, ${now}
      from generate_series(1, ${USERS}) g
    `.execute(db),
  );

  await timed(`auctions (${AUCTIONS})`, () =>
    // j % 20: 0-9 active, 10-13 upcoming, 14-18 ended, 19 cancelled.
    sql`
      insert into auctions (owner_id, title, status, min_offer, max_offer, is_flash, duration_hours,
                            start_time, end_time, created_at, updated_at)
      select 1 + (j * 7) % ${USERS},
             (${textArray(AUCTION_THEMES)})[1 + j % ${AUCTION_THEMES.length}] || ' #' || j,
             case when j % 20 < 10 then 'active' when j % 20 < 14 then 'upcoming'
                  when j % 20 < 19 then 'ended' else 'cancelled' end,
             (j % 5) * 1000000, 0, j % 9 = 0, 48,
             case when j % 20 < 10 or j % 20 >= 14 then ${now}::timestamptz - interval '1 hour' end,
             case when j % 20 < 10 then ${now}::timestamptz + (1 + j % 96) * interval '1 hour'
                  when j % 20 >= 14 then ${now}::timestamptz - interval '1 day' end,
             ${now}, ${now}
      from generate_series(0, ${AUCTIONS - 1}) j
      order by j
    `.execute(db),
  );

  await timed(`products (${PRODUCTS})`, () =>
    // g % 20: 0-2 in an open auction, 3-4 sold, 5 shipped/delivered/cancelled, else available.
    sql`
      with m as (
        select i, name, category, brand
        from unnest(${textArray(models)}, ${textArray(categories)}, ${textArray(brands)})
          with ordinality as t(name, category, brand, i)
      ), keyed as (
        select m.*, c.id as category_id, b.id as brand_id from m
        join categories c on c.name = m.category
        join brands b on b.category_id = c.id and b.name = m.brand
      ), open_auctions as (
        select (row_number() over (order by id)) - 1 as k, id from auctions where status in ('active', 'upcoming')
      )
      insert into products (owner_id, name, description, tags, year, reserve_price, base_price, can_be_bought,
                            sell_price, category_id, brand_id, scale_id, status, auction_id, created_at, updated_at)
      select 1 + (g * 13) % ${USERS},
             trim(k.name || ' ' || (${textArray(VARIANTS)})[1 + (g / ${MODELS.length}) % ${VARIANTS.length}]),
             (${textArray(DESCRIPTIONS)})[1 + g % ${DESCRIPTIONS.length}],
             (${textArray(TAGS)})[1 + (g / 7) % ${TAGS.length}],
             1970 + g % 55, (g % 50) * 1000000, 1000000, g % 4 = 0,
             case when g % 4 = 0 then 5000000 + (g % 300) * 100000 end,
             k.category_id, k.brand_id,
             case when k.category = 'Autos die-cast' then 1 + g % 4 end,
             case when g % 20 < 3 then 'in_auction' when g % 20 < 5 then 'sold'
                  when g % 20 = 5 then (array['shipped', 'delivered', 'cancelled'])[1 + (g / 20) % 3]
                  else 'available' end,
             case when g % 20 < 3 then oa.id end,
             ${now}, ${now}
      from generate_series(1, ${PRODUCTS}) g
      join keyed k on k.i = 1 + g % ${MODELS.length}
      left join open_auctions oa on g % 20 < 3 and oa.k = g % (select count(*) from open_auctions)
    `.execute(db),
  );

  await timed('auction_products, product_search, search_words', () =>
    sql`
      insert into auction_products (auction_id, product_id)
        select auction_id, id from products where auction_id is not null;
      insert into product_search (product_id, status, search_name, search_text)
        select p.id, p.status, search_normalize(p.name),
               search_normalize(concat_ws(' ', p.name, b.name, c.name, p.tags, p.description))
        from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id;
      insert into user_search (user_id, search_name, search_text)
        select id, search_normalize(username), search_normalize(username || ' ' || coalesce(bio, '')) from users;
      insert into auction_search (auction_id, search_name) select id, search_normalize(title) from auctions;
      insert into search_words (word, key)
        select word, key from (
          select distinct word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') as key
          from (
            select search_text as doc from product_search
            union all select search_text from user_search
            union all select search_name from auction_search
          ) d, regexp_split_to_table(d.doc, '[[:space:]]+') as word
          where length(word) between 4 and 40
        ) w
        where length(key) >= 4
        on conflict (word) do nothing;
      alter table products enable trigger products_search_refresh;
      alter table users enable trigger users_search_documents;
      alter table auctions enable trigger auctions_search_documents;
    `.execute(db),
  );

  await timed('trigram indexes + analyze', () =>
    sql`
      create index product_search_text_trgm_idx on product_search using gin (search_text gin_trgm_ops);
      create index product_search_name_trgm_idx on product_search using gin (search_name gin_trgm_ops);
      create index user_search_text_trgm_idx on user_search using gin (search_text gin_trgm_ops);
      create index auction_search_name_trgm_idx on auction_search using gin (search_name gin_trgm_ops);
      create index auctions_title_trgm_idx on auctions using gin (search_normalize(title) gin_trgm_ops);
      analyze;
    `.execute(db),
  );

  // The document the trigger would have written must equal the bulk one.
  const check = await sql<{ same: boolean }>`
    select s.search_text = product_search_document(p.name, p.tags, p.description, p.brand_id, p.category_id) as same
    from product_search s join products p on p.id = s.product_id order by s.product_id limit 1
  `.execute(db);
  if (!check.rows[0]?.same) throw new Error('bulk product_search differs from the trigger document');
  return now;
}
