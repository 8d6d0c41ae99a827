// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../../renderer/i18n/format.js';
import { i18next } from '../../../../renderer/i18n/i18n.js';

const RealDateTimeFormat = Intl.DateTimeFormat;
let built = 0;
/** Counts the formatters made (a constructor returning an object: `new` gives that object). */
function countFormatters() {
  built = 0;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof RealDateTimeFormat>) {
    built++;
    return new RealDateTimeFormat(...args);
  } as unknown as typeof Intl.DateTimeFormat;
}
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

/**
 * The status item dates some sixty sources in the first view's render; a new Intl.DateTimeFormat
 * for each was 300 ms of the renderer's CPU at load (docs/performance.md "Renderer").
 */
describe('dates are formatted with one Intl formatter per language and style', () => {
  it('builds the formatter once for many dates, and anew for another language', async () => {
    await i18next.changeLanguage('es');
    countFormatters();
    const instants = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 10, 29, 8, i)).toISOString());
    const shown = instants.map(formatDateTime);
    expect(shown[0]).toBe(new RealDateTimeFormat('es', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(instants[0])));
    expect(new Set(shown).size).toBe(60);
    expect(formatDate('2026-11-29')).toBe('29 nov 2026');
    expect(built).toBe(2); // one per style
    await i18next.changeLanguage('en');
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026');
  });
});
