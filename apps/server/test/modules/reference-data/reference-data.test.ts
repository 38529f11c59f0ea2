import { productMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('lists the categories with their icon, without login', async () => {
    const res = await t.request('GET', '/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), name: 'Autos die-cast', icon: 'car' },
      { id: expect.any(Number), name: 'Cartas coleccionables', icon: 'cards' },
      { id: expect.any(Number), name: 'Figuras de vinilo', icon: 'figure' },
    ]);
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  it('lists the brands of one category only', async () => {
    const categories = (await t.request('GET', '/api/categories')).body as Array<{
      id: number;
      name: string;
    }>;
    const cars = categories.find((c) => c.name === 'Autos die-cast')!;
    const cards = categories.find((c) => c.name === 'Cartas coleccionables')!;
    const carBrands = await t.request('GET', `/api/brands/${cars.id}`);
    expect(carBrands.status).toBe(200);
    const names = carBrands.body.map((b: { name: string }) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Hot Wheels', 'Matchbox', 'Maisto']));
    expect(names).not.toContain('Pokémon');
    for (const brand of carBrands.body)
      expect(brand).toEqual({ id: expect.any(Number), name: expect.any(String), category_id: cars.id });
    const cardBrands = (await t.request('GET', `/api/brands/${cards.id}`)).body.map(
      (b: { name: string }) => b.name,
    );
    expect(cardBrands).toEqual(expect.arrayContaining(['Pokémon', 'Magic: The Gathering', 'Yu-Gi-Oh!']));
  });

  it('answers 404 for an unknown or malformed category', async () => {
    for (const path of [
      '/api/brands/999999',
      '/api/brands/abc',
      '/api/brands/-1',
      '/api/brands/1%20or%201=1',
    ]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(productMessages.categoryMissing);
    }
  });

  it('lists the scales', async () => {
    const res = await t.request('GET', '/api/scales');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { name: string }) => s.name)).toEqual(['1:18', '1:24', '1:43', '1:64']);
  });
});
