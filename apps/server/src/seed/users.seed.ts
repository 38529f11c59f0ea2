import type { SeedContext } from './seed-context.ts';
import { DEMO_PASSWORD, seedWorkOf } from './seed-work.ts';

const demoUsers = [
  {
    email: 'vendedor@demo.test',
    username: 'vendedor_demo',
    isSeller: true,
    profile: {
      name: 'Valentina',
      last_name: 'Restrepo',
      phone: '+57 300 123 4567',
      address: 'Medellín, Colombia',
      bio: 'Coleccionista de autos a escala desde 2008. Vendo piezas de Hot Wheels, Matchbox y Maisto.',
    },
  },
  {
    email: 'tienda@demo.test',
    username: 'tienda_retro',
    isSeller: true,
    profile: {
      name: 'Andrés',
      last_name: 'Gómez',
      phone: '+57 310 555 0101',
      address: 'Bogotá, Colombia',
      bio: 'Tienda retro de cartas coleccionables y figuras de vinilo.',
    },
  },
  {
    email: 'comprador@demo.test',
    username: 'comprador_demo',
    isSeller: false,
    profile: {
      name: 'Camila',
      last_name: 'Pérez',
      phone: '+57 315 222 3344',
      address: 'Cali, Colombia',
      bio: null,
    },
  },
  {
    email: 'coleccionista@demo.test',
    username: 'coleccionista_demo',
    isSeller: false,
    profile: {
      name: 'Mateo',
      last_name: 'Rodríguez',
      phone: null,
      address: 'Barranquilla, Colombia',
      bio: 'Busco Funko Pops y cartas Pokémon de primera edición.',
    },
  },
] as const;

export type DemoUsers = Record<(typeof demoUsers)[number]['username'], number>;

/** How many demo accounts have a password (the four here and the operator's). */
export const DEMO_ACCOUNTS = demoUsers.length + 1;

/** The four demo accounts; returns their ids by username for the steps that follow. */
export async function seedUsers(ctx: SeedContext): Promise<DemoUsers> {
  const work = seedWorkOf(ctx);
  // Every hash is asked for (and so being made) before the first account waits for its own.
  const hashes = demoUsers.map(() => work.passwordHash());
  const ids = {} as DemoUsers;
  for (const [index, demo] of demoUsers.entries()) {
    const user = await ctx.users.createUser(
      { email: demo.email, username: demo.username, password: DEMO_PASSWORD, isSeller: demo.isSeller },
      hashes[index],
    );
    await ctx.db.updateTable('users').set(demo.profile).where('id', '=', user.id).execute();
    ids[demo.username] = user.id;
  }
  return ids;
}
