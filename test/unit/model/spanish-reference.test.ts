import { describe, expect, it } from 'vitest';
import { SPANISH_FINCA_REFERENCE, SPANISH_UNIT_REFERENCE, hasSpanishReferenceShape, rusticParts } from '../../../core/model/index.js';

// Spain's reference shape, the one copy the core, Spain's address search and the app's search box
// and unit opening share (issue 39 item 2: four hand-written copies had drifted, two without Ñ).
describe("Spain's reference shape", () => {
  it.each([
    ['an urban finca', '9872023VH5797S', true, false],
    ['a rustic finca', '13077A01800039', true, false],
    ['a finca with Ñ in its sheet', '0001ÑA00100001', true, false],
    ['a unit', '7837301VG8173B0001TT', false, true],
    ['a unit whose property number has a letter', '7837301VG8173B000ATT', false, false],
    ['13 characters', '9872023VH5797', false, false],
    ['lower case (not canonical)', '9872023vh5797s', false, false],
    ['18 characters (no control letters)', '7837301VG8173B0001', false, false],
  ])('%s', (_label, ref, finca, unit) => {
    expect(SPANISH_FINCA_REFERENCE.test(ref)).toBe(finca);
    expect(SPANISH_UNIT_REFERENCE.test(ref)).toBe(unit);
    expect(hasSpanishReferenceShape(ref)).toBe(finca || unit);
  });

  it('reads polígono and parcela of a rustic reference (2+3+1+3+5), of its unit too, and none of an urban one', () => {
    expect(rusticParts('13077A01800039')).toEqual({ province: '13', municipality: '077', sector: 'A', poligono: 18, parcela: 39 });
    expect(rusticParts('40146A004050510001XX')).toMatchObject({ poligono: 4, parcela: 5051 });
    expect(rusticParts('9872023VH5797S')).toBeUndefined();
  });
});
