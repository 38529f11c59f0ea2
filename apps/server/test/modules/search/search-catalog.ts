import { insertProduct } from '../../factories/products.ts';
import { brandId, insertAuction, insertImage } from '../../factories/search.ts';
import { insertUser } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';

/**
 * What the search tests look for: users, products and auctions with the words, accents, typos
 * and statuses each test needs; `ids` gets their ids by a short name.
 */
export async function seedSearchCatalog(t: TestApp, ids: Record<string, number>) {
  const db = t.ctx.db;
  const seller = await insertUser(db, { username: 'vendedor_busqueda', is_seller: true });
  ids.seller = seller.id;
  const trenes = await insertUser(db, { username: 'coleccionista_paisa' });
  await db
    .updateTable('users')
    .set({ bio: 'Me encantan los trenes eléctricos y los camiones de juguete' })
    .where('id', '=', trenes.id)
    .execute();
  ids.bioUser = trenes.id;
  ids.accentUser = (await insertUser(db, { username: 'Ñandú_Juguetería' })).id;

  const imageId = await insertImage(db);
  // Brands given explicitly: the factory's 'first brand of the category' differs between databases.
  const defaultBrands: Record<string, number> = {
    'Autos die-cast': await brandId(db, 'Greenlight'),
    'Cartas coleccionables': await brandId(db, 'Yu-Gi-Oh!'),
    'Figuras de vinilo': await brandId(db, 'Kidrobot'),
  };
  const product = async (key: string, values: NonNullable<Parameters<typeof insertProduct>[2]>) => {
    const brand_id = values.brand_id ?? defaultBrands[values.categoryName ?? 'Autos die-cast'];
    ids[key] = (await insertProduct(db, seller.id, { ...values, brand_id })).id;
  };
  const insertDefaultProduct = (name: string) => product(name, { name });
  await product('camion', {
    name: 'Camión de bomberos Scania',
    description: 'Escala 1:64 con escalera extensible',
    tags: 'rescate,rojo',
    brand_id: await brandId(db, 'Matchbox'),
    image_id: imageId,
  });
  await product('charizard', {
    categoryName: 'Cartas coleccionables',
    name: 'Charizard holográfico primera edición',
    description: 'Carta en estado near mint',
    tags: 'fuego',
    brand_id: await brandId(db, 'Pokémon'),
  });
  await product('batman', {
    categoryName: 'Figuras de vinilo',
    name: 'Batman edición especial',
    description: 'Figura en caja original',
    tags: 'dc,superheroes',
    brand_id: await brandId(db, 'Funko'),
  });
  await product('camaro', {
    name: 'Camaro 1969 Treasure Hunt',
    description: 'Pintura spectraflame',
    brand_id: await brandId(db, 'Hot Wheels'),
    can_be_bought: true,
    sell_price: 1_250_000_00,
  });
  await product('certificado', {
    name: 'Modelo clásico',
    description: 'Incluye certificado de autenticidad numerado',
  });
  await product('godzilla', {
    categoryName: 'Figuras de vinilo',
    name: 'Figura misteriosa',
    tags: 'kaiju,godzilla',
  });
  await product('album', {
    categoryName: 'Cartas coleccionables',
    brand_id: await brandId(db, 'Panini'),
    name: 'Álbum mundial 2014',
  });
  await product('ferrari', { name: 'Ferrari F40', brand_id: await brandId(db, 'Maisto') });
  for (const status of ['available', 'sold', 'shipped', 'delivered', 'cancelled'] as const) {
    await product(`zorrillo_${status}`, { name: `Zorrillo ${status}`, status });
  }
  await product('percent', { name: 'Sello 100% original', description: 'nada' });
  await product('underscore', { name: 'Serie snake_case', description: 'nada' });
  await product('backslash', { name: 'Ruta C:\\autos', description: 'nada' });
  await product('quote', { name: "Edición 'limitada'", description: 'nada' });

  const auction = async (key: string, values: Parameters<typeof insertAuction>[2]) => {
    ids[key] = (await insertAuction(db, seller.id, values)).id;
  };
  await product('zorrillo_in_auction', { name: 'Zorrillo en subasta', image_id: imageId });
  await auction('camiones', {
    title: 'Subasta de Camiones Clásicos',
    is_flash: true,
    min_offer: 5_000_00,
    productIds: [ids.zorrillo_in_auction!],
  });
  await auction('upcomingPokemon', {
    title: 'Gran subasta Pokémon',
    status: 'upcoming',
    start_time: null,
    end_time: null,
  });
  await auction('endedPokemon', {
    title: 'Subasta Pokémon terminada',
    status: 'ended',
    end_time: new Date(Date.now() - 3600_000),
  });
  await auction('cancelledPokemon', { title: 'Subasta Pokémon cancelada', status: 'cancelled' });
  await auction('overduePokemon', {
    title: 'Subasta Pokémon vencida',
    status: 'active',
    end_time: new Date(Date.now() - 60_000),
  });
  return { imageId, insertDefaultProduct };
}
