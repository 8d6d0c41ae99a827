import { describe, expect, it } from 'vitest';
import { confianza, municipalityMatches } from '../../../core/address/confianza.js';
import { parseAddressText } from '../../../core/address/query.js';
import { SPANISH_ADDRESS } from '../../../core/countries/es/address/grammar.js';

const table: Array<{
  text: string;
  type?: string;
  nombreVia: string;
  numero?: number;
  extension?: string;
  municipio?: string;
  provincia?: string;
  codigoPostal?: string;
}> = [
  { text: 'Calle Mayor5, Madrid', type: 'CL', nombreVia: 'Mayor', numero: 5, municipio: 'Madrid' },
  { text: 'C/ Mayor 5, Madrid', type: 'CL', nombreVia: 'Mayor', numero: 5, municipio: 'Madrid' },
  {
    text: 'C/Madroño 3B, 28970 Humanes de Madrid',
    type: 'CL',
    nombreVia: 'Madroño',
    numero: 3,
    extension: 'B',
    municipio: 'Humanes de Madrid',
    codigoPostal: '28970',
  },
  { text: 'CL Fuensalida 12, Humanes', type: 'CL', nombreVia: 'Fuensalida', numero: 12, municipio: 'Humanes' },
  {
    text: 'Avda. de la Estación 12, Humanes de Madrid, 28970',
    type: 'AV',
    nombreVia: 'de la Estación',
    numero: 12,
    municipio: 'Humanes de Madrid',
    codigoPostal: '28970',
  },
  { text: 'AV Fuenlabrada nº 6', type: 'AV', nombreVia: 'Fuenlabrada', numero: 6 },
  { text: 'avda fuenlabrada 6', type: 'AV', nombreVia: 'fuenlabrada', numero: 6 },
  { text: 'Pza. Azulejo, 4, Humanes (Madrid)', type: 'PZ', nombreVia: 'Azulejo', numero: 4, municipio: 'Humanes', provincia: 'Madrid' },
  { text: 'PL Mayor 1, Segovia', type: 'PZ', nombreVia: 'Mayor', numero: 1, municipio: 'Segovia' },
  { text: 'Pº de la Castellana 100, Madrid', type: 'PS', nombreVia: 'de la Castellana', numero: 100, municipio: 'Madrid' },
  { text: 'PS Castellana 100, Madrid 28046', type: 'PS', nombreVia: 'Castellana', numero: 100, municipio: 'Madrid', codigoPostal: '28046' },
  { text: 'Ctra. de Toledo 3, Getafe', type: 'CR', nombreVia: 'de Toledo', numero: 3, municipio: 'Getafe' },
  { text: 'CR N-401 3, Getafe', type: 'CR', nombreVia: 'N-401', numero: 3, municipio: 'Getafe' },
  { text: 'Camino Valdonaire s/n, Humanes', type: 'CM', nombreVia: 'Valdonaire', municipio: 'Humanes' },
  { text: 'Calle 5', type: 'CL', nombreVia: '5' },
  { text: 'Calle Dos de Mayo 7, Móstoles', type: 'CL', nombreVia: 'Dos de Mayo', numero: 7, municipio: 'Móstoles' },
  { text: 'Madroño 31, Humanes', nombreVia: 'Madroño', numero: 31, municipio: 'Humanes' },
  { text: 'Calle Real 2, Cuesta (La)', type: 'CL', nombreVia: 'Real', numero: 2, municipio: 'Cuesta (La)' },
  { text: 'Calle Real 2, Cuesta (La) (Segovia)', type: 'CL', nombreVia: 'Real', numero: 2, municipio: 'Cuesta (La)', provincia: 'Segovia' },
];

describe("address text parsing with Spain's grammar (street and number, municipality, postcode)", () => {
  it.each(table)('$text', ({ text, type, nombreVia, numero, extension, municipio, provincia, codigoPostal }) => {
    const parsed = parseAddressText(text, SPANISH_ADDRESS);
    expect(parsed.streetType?.code).toBe(type);
    expect(parsed).toMatchObject({ texto: text, nombreVia, numero, extension, municipio, provincia, codigoPostal });
  });

  it('is Spain\'s alone: without a grammar no word is a street type, so "Av." of a French avenue stays in its name', () => {
    expect(parseAddressText('Av. des Champs-Élysées 10, Paris')).toMatchObject({
      streetType: undefined,
      nombreVia: 'Av. des Champs-Élysées',
      calle: 'Av. des Champs-Élysées',
      numero: 10,
      municipio: 'Paris',
    });
    expect(parseAddressText('Av. des Champs-Élysées 10, Paris', SPANISH_ADDRESS)).toMatchObject({
      streetType: { code: 'AV' },
      calle: 'AVENIDA des Champs-Élysées',
    });
  });
});

describe('confianza', () => {
  it.each([
    [true, true, 1, 1],
    [true, true, 0.2, 0.8],
    [true, true, 0, 0.75],
    [true, false, 1, 0.65],
    [false, true, 1, 0.6],
    [false, false, 1, 0.25],
  ])('number %s, municipality %s, street %s → %s', (numberMatches, municipalityMatches, streetSimilarity, expected) => {
    expect(confianza({ numberMatches, municipalityMatches, streetSimilarity })).toBe(expected);
  });

  it('is 0.75 or more exactly when number and municipality match', () => {
    for (const n of [true, false])
      for (const m of [true, false])
        for (const s of [0, 0.3, 0.7, 1]) {
          expect(confianza({ numberMatches: n, municipalityMatches: m, streetSimilarity: s }) >= 0.75).toBe(n && m);
        }
  });

  it.each([
    ['Humanes de Madrid', 'Humanes', true],
    ['Humanes de Madrid', 'humanes de madrid', true],
    ['Humanes de Madrid', 'Madrid', false],
    ['Móstoles', 'Mostoles', true],
    ['Humanes de Madrid', '', false],
  ])('municipality %s matches %s: %s', (official, given, expected) => {
    expect(municipalityMatches(official, given)).toBe(expected);
  });
});
