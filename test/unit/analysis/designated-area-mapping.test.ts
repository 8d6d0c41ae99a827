import { describe, expect, it } from 'vitest';
import { checkCountry, checkDesignatedAreaMapping, countryOfCode } from '../../../core/analysis/terrain/designated-area-mapping.js';

const properties = { SITE_ID: 'ES123', SITE_NAME: 'x', DESIG: 'Parque Natural' };

describe('national designated-areas mapping', () => {
  it('accepts a code, a name and either a designation field or one designation text', () => {
    expect(checkDesignatedAreaMapping('f', { code: 'SITE_ID', name: 'SITE_NAME', designationField: 'DESIG' }, properties)).toEqual({
      code: 'SITE_ID',
      name: 'SITE_NAME',
      designationField: 'DESIG',
    });
    expect(checkDesignatedAreaMapping('f', { code: 'SITE_ID', name: 'SITE_NAME', designation: ' Reserva ' }, properties)).toEqual({
      code: 'SITE_ID',
      name: 'SITE_NAME',
      designation: 'Reserva',
    });
  });

  it('refuses an incomplete or unknown mapping, naming the fields the layer has', () => {
    const fields = { code: 'VALIDATION_ERROR', data: { fields: ['SITE_ID', 'SITE_NAME', 'DESIG'] } };
    expect(() => checkDesignatedAreaMapping('f', { code: 'SITE_ID', name: 'SITE_NAME' }, properties)).toThrow(expect.objectContaining(fields));
    expect(() => checkDesignatedAreaMapping('f', { code: 'SITE_ID', name: 'SITE_NAME', designation: '  ' }, properties)).toThrow(
      expect.objectContaining(fields),
    );
    expect(() => checkDesignatedAreaMapping('f', { code: 'ID', name: 'NAME', designation: 'x' }, properties)).toThrow(
      'f: no field ID, NAME in the layer; the layer has the fields: SITE_ID, SITE_NAME, DESIG.',
    );
    expect(() => checkDesignatedAreaMapping('f', { code: 'SITE_ID', name: 'SITE_NAME', designationField: 'DESIG', designation: 'x' }, properties)).toThrow(
      /not both/,
    );
  });

  it('country from the code prefix only when it is an app country (not the regions PV/NA, not lower case)', () => {
    expect(countryOfCode('ES3110003')).toBe('ES');
    expect(countryOfCode('DE1234')).toBe('DE');
    expect(countryOfCode('555123')).toBeUndefined();
    expect(countryOfCode('XX1')).toBeUndefined();
    expect(countryOfCode('PV01')).toBeUndefined();
    expect(countryOfCode('es3110003')).toBeUndefined();
  });

  it('--country is upper-cased and checked', () => {
    expect(checkCountry(undefined)).toBeUndefined();
    expect(checkCountry('pt')).toBe('PT');
    expect(() => checkCountry('NA')).toThrow(/Country NA is not one of/);
  });
});
