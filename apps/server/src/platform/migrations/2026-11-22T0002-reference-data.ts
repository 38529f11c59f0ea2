import { type Kysely, sql } from 'kysely';

// Reference data the product cannot work without (not demo data): it exists with SEED_DEMO=0 too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into categories (name, icon) values
      ('Autos die-cast', 'car'),
      ('Cartas coleccionables', 'cards'),
      ('Figuras de vinilo', 'figure');

    insert into brands (category_id, name)
    select c.id, b.name from categories c
    join (values
      ('Autos die-cast', 'Hot Wheels'), ('Autos die-cast', 'Matchbox'), ('Autos die-cast', 'Maisto'),
      ('Autos die-cast', 'Bburago'), ('Autos die-cast', 'Greenlight'), ('Autos die-cast', 'Mini GT'),
      ('Cartas coleccionables', 'Pokémon'), ('Cartas coleccionables', 'Magic: The Gathering'),
      ('Cartas coleccionables', 'Yu-Gi-Oh!'), ('Cartas coleccionables', 'Panini'),
      ('Figuras de vinilo', 'Funko'), ('Figuras de vinilo', 'Kidrobot'), ('Figuras de vinilo', 'Medicom Toy'),
      ('Figuras de vinilo', 'Tokidoki')
    ) as b(category, name) on b.category = c.name;

    insert into scales (name) values ('1:18'), ('1:24'), ('1:43'), ('1:64');

    insert into banks (name) values
      ('Bancolombia'), ('Banco de Bogotá'), ('Davivienda'), ('BBVA Colombia'), ('Banco Popular'),
      ('Banco de Occidente'), ('Banco AV Villas'), ('Scotiabank Colpatria'), ('Nequi'), ('Banco Caja Social');

    insert into document_types (code, label) values
      ('CC', 'Cédula de ciudadanía'), ('CE', 'Cédula de extranjería'), ('NIT', 'NIT'), ('PP', 'Pasaporte');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Reference data is not reversible.');
}
