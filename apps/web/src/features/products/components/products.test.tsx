import { productMessages } from '@app/contracts';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandLabel, priceLabel, statusLabel } from '../lib/product-labels.ts';
import { toCreatePayload } from './create-product-values.ts';
import { checkImageFile, readAsDataUrl } from './image-file.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('toCreatePayload', () => {
  const values = {
    name: 'Skyline',
    year: '2021',
    description: 'Blíster',
    tags: 'jdm',
    category_id: '1',
    brand_id: '2',
    scale_id: '',
    reserve_price: '',
    base_price: '1500,5',
    can_be_bought: false,
    sell_price: '9000',
    accepts_offers: true,
    auto_accept_price: '8000',
    auto_decline_price: '',
    images: ['data:image/png;base64,AAAA'],
    condition: '',
    grading_company: '',
    grading_grade: '',
    grading_certificate: '',
  };

  it('sends empty numbers as null and drops the sell price without buy-now', () => {
    expect(toCreatePayload(values)).toEqual({
      name: 'Skyline',
      year: 2021,
      description: 'Blíster',
      tags: 'jdm',
      category_id: 1,
      brand_id: 2,
      scale_id: null,
      reserve_price: null,
      base_price: 1500.5,
      can_be_bought: false,
      sell_price: null,
      accepts_offers: false,
      auto_accept_price: null,
      auto_decline_price: null,
      images: ['data:image/png;base64,AAAA'],
      condition: null,
      grading: null,
    });
  });

  it('sends the condition, and the grading only where grading applies (trading cards)', () => {
    const graded = {
      ...values,
      condition: 'usado',
      grading_company: 'PSA',
      grading_grade: '9.5',
      grading_certificate: '123',
    };
    expect(toCreatePayload(graded, true)).toMatchObject({
      condition: 'usado',
      grading: { company: 'PSA', grade: 9.5, certificate: '123' },
    });
    expect(toCreatePayload(graded, false)).toMatchObject({ condition: 'usado', grading: null });
  });

  it('keeps the sell price with buy-now', () => {
    expect(toCreatePayload({ ...values, can_be_bought: true }).sell_price).toBe(9000);
    // Offers go with buy-now: the switch and its automatic prices.
    expect(toCreatePayload({ ...values, can_be_bought: true })).toMatchObject({
      accepts_offers: true,
      auto_accept_price: 8000,
      auto_decline_price: null,
    });
  });
});

describe('image checks before upload', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
  it.each([
    ['image/png', 10, null],
    ['image/jpeg', 10, null],
    ['image/webp', 10, null],
    ['image/gif', 10, null],
    ['image/svg+xml', 10, productMessages.imageType],
    ['text/plain', 10, productMessages.imageType],
    ['image/png', 5 * 1024 * 1024 + 1, productMessages.imageTooLarge],
  ])('%s of %i bytes', (type, size, expected) => {
    expect(checkImageFile(file(type, size))).toBe(expected);
  });

  it('reads a file as a data URL', async () => {
    await expect(readAsDataUrl(new Blob(['hola'], { type: 'image/png' }))).resolves.toBe(
      'data:image/png;base64,aG9sYQ==',
    );
  });

  it("says 'Error al procesar la imagen' when the browser cannot read it", async () => {
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    await expect(readAsDataUrl(new Blob(['x']))).rejects.toThrow('Error al procesar la imagen');
  });
});

describe('labels', () => {
  it('formats prices, brands and statuses', () => {
    expect(priceLabel(65000)).toBe('$ 65.000');
    expect(priceLabel(null)).toBe('N/A');
    expect(brandLabel('')).toBe('Sin marca');
    expect(brandLabel('Funko')).toBe('Funko');
    expect(statusLabel('in_auction')).toBe('En subasta');
    expect(statusLabel('raro')).toBe('Desconocido');
  });
});
