import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readExploreState } from '../lib/explore-state.ts';
import { FilterPanel, readPrice } from './filter-panel.tsx';

afterEach(cleanup);

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the price filter', () => {
  it.each([
    ['', undefined],
    ['45000', 45_000],
    ['$ 45.000', 45_000],
    ['abc', null],
    ['12,5', null],
    ['-3', null],
  ])('reads %j as %j', (text, value) => {
    expect(readPrice(text)).toBe(value);
  });

  it('says in Spanish what is wrong, under the field at fault, and applies nothing', () => {
    const onChange = vi.fn();
    render(
      <FilterPanel state={readExploreState(new URLSearchParams())} facets={undefined} onChange={onChange} />,
    );
    const min = screen.getByLabelText('Mínimo');
    const max = screen.getByLabelText('Máximo');
    const apply = screen.getByRole('button', { name: 'Aplicar precio' });

    fireEvent.change(min, { target: { value: 'mil' } });
    fireEvent.click(apply);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(min)).toContain('Escribe el precio en pesos, solo números y sin decimales');
    expect(max.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(min, { target: { value: '90000' } });
    fireEvent.change(max, { target: { value: '10000' } });
    fireEvent.click(apply);
    for (const input of [min, max]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(describedText(input)).toContain('El precio mínimo no puede ser mayor que el precio máximo');
    }
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(max, { target: { value: '100.000' } });
    fireEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith({ min_price: 90_000, max_price: 100_000 });
  });
});
