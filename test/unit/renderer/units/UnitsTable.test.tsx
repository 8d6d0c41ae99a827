// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Unit } from '../../../../core/model/index.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';
import { UnitsTable } from '../../../../renderer/units/UnitsTable.js';

afterEach(cleanup);

// jsdom does no layout (every element measures 0×0), so the virtualiser would show no rows;
// give elements the size a real scroller has.
const sizes = { clientHeight: 300, clientWidth: 600, offsetHeight: 300, offsetWidth: 600 };
const originals = Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [key, descriptor] of originals) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
});

const unit = (n: number, uso: string, superficie: number, planta: string): Unit => ({
  refCatastral: `9398516VK3799G${String(n).padStart(4, '0')}AB`,
  escalera: '1',
  planta,
  puerta: 'A',
  uso,
  superficie,
  descripcion: '',
  participacion: 100 / 18,
  anio: 1960,
  direccion: 'CL EJEMPLO 1',
});
const units = [unit(1, 'Residencial', 80, '01'), unit(2, 'Comercial', 200, '00'), unit(3, 'Residencial', 65, '02'), unit(4, 'Almacen-Estac.', 12, '-1')];
const shownRefs = () => screen.getAllByTestId('unit-row').map((row) => row.getAttribute('data-ref'));

describe('UnitsTable', () => {
  it('lists every unit with a count', () => {
    render(<UnitsTable units={units} onOpen={() => undefined} />);
    expect(shownRefs()).toEqual(units.map((u) => u.refCatastral));
    expect(screen.getByTestId('units-shown').textContent).toBe('4 of 4 units');
  });

  it('sorts by a column ascending, then descending', () => {
    render(<UnitsTable units={units} onOpen={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Area m²' }));
    expect(shownRefs()).toEqual([units[3], units[2], units[0], units[1]].map((u) => u.refCatastral));
    fireEvent.click(screen.getByRole('button', { name: /Area m²/ }));
    expect(shownRefs()).toEqual([units[1], units[0], units[2], units[3]].map((u) => u.refCatastral));
  });

  it('filters on any column text', () => {
    render(<UnitsTable units={units} onOpen={() => undefined} />);
    fireEvent.change(screen.getByTestId('units-filter'), { target: { value: 'resid' } });
    expect(shownRefs()).toEqual([units[0].refCatastral, units[2].refCatastral]);
    expect(screen.getByTestId('units-shown').textContent).toBe('2 of 4 units');
  });

  it('says so when the filter matches no unit, and lists them again when it is cleared', () => {
    render(<UnitsTable units={units} onOpen={() => undefined} />);
    fireEvent.change(screen.getByTestId('units-filter'), { target: { value: 'piscina' } });
    expect(screen.queryAllByTestId('unit-row')).toHaveLength(0);
    expect(screen.getByTestId('units-no-match').textContent).toBe('No unit matches “piscina”.');
    fireEvent.change(screen.getByTestId('units-filter'), { target: { value: '' } });
    expect(screen.queryByTestId('units-no-match')).toBeNull();
    expect(shownRefs()).toHaveLength(units.length);
  });

  it('opens a unit by click or Enter', () => {
    const onOpen = vi.fn();
    render(<UnitsTable units={units} onOpen={onOpen} />);
    fireEvent.click(screen.getAllByTestId('unit-row')[1]);
    fireEvent.keyDown(screen.getAllByTestId('unit-row')[2], { key: 'Enter' });
    expect(onOpen.mock.calls).toEqual([[units[1].refCatastral], [units[2].refCatastral]]);
  });

  it('renders only the rows in view for a large finca (virtualised)', () => {
    const many = Array.from({ length: 2000 }, (_, i) => unit(i, 'Residencial', 50 + (i % 40), '01'));
    render(<UnitsTable units={many} onOpen={() => undefined} height={300} />);
    const rendered = screen.getAllByTestId('unit-row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByTestId('units-shown').textContent).toBe('2,000 of 2,000 units');
  });

  it("heads its narrow columns with the language's short words and names each in full (title, screen readers)", async () => {
    await chooseLanguage('pl');
    try {
      render(<UnitsTable units={units} onOpen={() => undefined} />);
      const floor = screen.getByRole('button', { name: 'Piętro' });
      expect(floor.textContent).toBe('Pięt.');
      expect(floor.getAttribute('title')).toBe('Piętro');
      expect(screen.getByRole('button', { name: 'Powierzchnia m²' }).textContent).toBe('Pow. m²');
      cleanup();
      await chooseLanguage('es');
      render(<UnitsTable units={units} onOpen={() => undefined} />);
      expect(screen.getByRole('button', { name: 'Escalera' }).textContent).toBe('Esc.');
    } finally {
      await chooseLanguage('en');
    }
  });
});
