import type { Reputation } from '@app/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRate, ReputationThermometer } from './reputation-thermometer.tsx';

afterEach(cleanup);

const reading = (overrides: Partial<Reputation> = {}): Reputation => ({
  level: 'verde',
  period_days: 60,
  sales: 45,
  claims_rate: 0,
  late_shipping_rate: 0,
  cancellation_rate: 0,
  ...overrides,
});

/** The figures as a screen reader pairs them: term → definition. */
function figures(container: HTMLElement): Record<string, string> {
  const terms = [...container.querySelectorAll('dt')];
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

describe('ReputationThermometer', () => {
  it.each([
    ['rojo', 'Rojo', 1],
    ['naranja', 'Naranja', 2],
    ['amarillo', 'Amarillo', 3],
    ['verde_claro', 'Verde claro', 4],
    ['verde', 'Verde', 5],
  ] as const)('%s: says the level in words and its place on the scale, and marks that step', (level, label, step) => {
    const { container } = render(<ReputationThermometer reputation={reading({ level })} />);
    const line = container.querySelector('p')!;
    expect(line.textContent).toContain(`Reputación: ${label}`);
    expect(line.textContent).toContain(`nivel ${step} de 5`);
    // The scale is drawn for the eye only; the words carry the level.
    const scale = container.querySelector('ol')!;
    expect(scale.getAttribute('aria-hidden')).toBe('true');
    const steps = [...scale.querySelectorAll('li')];
    expect(steps.map((li) => li.dataset.colour)).toEqual([
      'rojo',
      'naranja',
      'amarillo',
      'verde_claro',
      'verde',
    ]);
    expect(steps.filter((li) => li.dataset.current).map((li) => li.dataset.colour)).toEqual([level]);
    expect(container.textContent).not.toContain('Menos de 10 ventas');
  });

  it('nuevo: "Vendedor nuevo", no step marked, and why (fewer than 10 sales in the period)', () => {
    const { container } = render(
      <ReputationThermometer
        reputation={reading({ level: 'nuevo', period_days: 365, sales: 3, claims_rate: 1 / 3 })}
      />,
    );
    expect(container.querySelector('p')!.textContent).toBe('Reputación: Vendedor nuevo');
    expect(container.querySelectorAll('li[data-current]')).toHaveLength(0);
    screen.getByText(/Menos de 10 ventas en el periodo/);
    expect(figures(container)).toEqual({
      Ventas: '3 ventas en los últimos 365 días',
      Reclamos: '33,3%',
      'Envíos tardíos': '0%',
      Cancelaciones: '0%',
    });
  });

  it('shows the figures behind the colour: sales and period, then each rate as a percentage', () => {
    const { container } = render(
      <ReputationThermometer
        reputation={reading({
          level: 'naranja',
          period_days: 60,
          sales: 1250,
          claims_rate: 0.0512,
          late_shipping_rate: 0.125,
          cancellation_rate: 0.005,
        })}
      />,
    );
    expect(container.firstElementChild!.getAttribute('data-reputation-level')).toBe('naranja');
    expect(figures(container)).toEqual({
      Ventas: '1.250 ventas en los últimos 60 días',
      Reclamos: '5,1%',
      'Envíos tardíos': '12,5%',
      Cancelaciones: '0,5%',
    });
  });

  it('a seller without sales shows the count alone (no rate of nothing), one sale in the singular', () => {
    const none = render(
      <ReputationThermometer reputation={reading({ level: 'nuevo', sales: 0, period_days: 365 })} />,
    );
    expect(figures(none.container)).toEqual({ Ventas: '0 ventas en los últimos 365 días' });
    cleanup();
    const one = render(
      <ReputationThermometer reputation={reading({ level: 'nuevo', sales: 1, period_days: 365 })} />,
    );
    expect(within(one.container).getByText('1 venta en los últimos 365 días')).toBeTruthy();
  });
});

describe('formatRate', () => {
  const intl = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });

  it('writes es-CO percentages with one decimal at most', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.005)).toBe('0,5%');
    expect(formatRate(0.0123)).toBe('1,2%');
    expect(formatRate(0.0125)).toBe('1,3%');
    expect(formatRate(0.1)).toBe('10%');
    expect(formatRate(0.00049)).toBe('0%');
    expect(formatRate(0.0005)).toBe('0,1%');
  });

  it('says what Intl.NumberFormat es-CO says, for every count out of up to 400 sales', () => {
    const differ: string[] = [];
    for (let sales = 1; sales <= 400; sales++) {
      for (let n = 0; n <= sales; n++) {
        const rate = n / sales;
        if (formatRate(rate) !== intl.format(rate))
          differ.push(`${n}/${sales}: ${formatRate(rate)} ≠ ${intl.format(rate)}`);
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it.each([1e-7, 5e-4, 0.00095, 0.99951, 0.9995, 2 ** -20])('says what Intl says for %s', (rate) => {
    expect(formatRate(rate)).toBe(intl.format(rate));
  });

  it.each([-0.05, 1.5, 12.345, Number.NaN, -0])('leaves %s (out of range) to Intl', (rate) => {
    expect(formatRate(rate)).toBe(intl.format(rate));
  });
});
