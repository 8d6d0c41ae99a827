// The IPC payload checks (electron/validate-input.ts) and the answer shape (ipc-result.ts) are
// Node-only, so they run here without Electron: bad renderer input must never reach the facade.
import { expect, test } from 'vitest';
import * as check from '../../../electron/validate-input.js';
import { toIpcResult } from '../../../electron/ipc-result.js';

test('references: trimmed and accepted in every country shape, refused when odd', () => {
  expect(check.reference(' 9398516VK3799G ')).toBe('9398516VK3799G');
  expect(check.reference('1234-56/7')).toBe('1234-56/7');
  for (const bad of ['', 'x'.repeat(65), '../../etc/passwd\0', { ref: 'a' }, 42, null, '<script>']) {
    expect(() => check.reference(bad), String(bad)).toThrow(check.InvalidIpcInput);
  }
});

test('cursors, coordinates, tiles, formats and flags are range-checked', () => {
  expect(check.optionalCursor(undefined)).toBeUndefined();
  expect(check.optionalCursor('9398516VK3799G0001AB')).toBe('9398516VK3799G0001AB');
  expect(() => check.optionalCursor('short')).toThrow(check.InvalidIpcInput);
  expect(check.coordinate(41.06, 'latitude')).toBe(41.06);
  for (const bad of [91, -91, Number.NaN, Infinity, '41']) expect(() => check.coordinate(bad, 'latitude')).toThrow(check.InvalidIpcInput);
  expect(check.coordinate(-179.9, 'longitude')).toBe(-179.9);
  expect(check.tile(15, 16180, 12230)).toEqual([15, 16180, 12230]);
  expect(() => check.tile(2, 4, 0)).toThrow(/x and y run from 0 to 3/);
  expect(() => check.tile(25, 0, 0)).toThrow(check.InvalidIpcInput);
  expect(() => check.tile(1.5, 0, 0)).toThrow(check.InvalidIpcInput);
  expect(check.exportFormat('gpx')).toBe('gpx');
  expect(() => check.exportFormat('exe')).toThrow(check.InvalidIpcInput);
  expect(() => check.booleanFlag('true', 'running')).toThrow(check.InvalidIpcInput);
  expect(() => check.integerInRange(80, 'port', 1024, 65535)).toThrow(/port must be an integer from 1024 to 65535/);
});

test('hazard-layer imports: kind, picked-files id and options are shape-checked; paths cannot ride along', () => {
  expect(check.hazardLayerKind('designated-areas')).toBe('designated-areas');
  for (const bad of ['lava', '', null, ['ground-motion'], { kind: 'ground-motion' }]) {
    expect(() => check.hazardLayerKind(bad), JSON.stringify(bad)).toThrow(check.InvalidIpcInput);
  }
  expect(check.layerSelection('0b6c5f7e-3d0a-4c55-9c1e-1f7b2a4c9d10')).toBe('0b6c5f7e-3d0a-4c55-9c1e-1f7b2a4c9d10');
  for (const bad of ['/home/user/zepa.geojson', '0B6C5F7E-3D0A-4C55-9C1E-1F7B2A4C9D10', 42, undefined]) {
    expect(() => check.layerSelection(bad), String(bad)).toThrow(/selection must be the id/);
  }
  expect(check.layerImportOptions(undefined)).toEqual({});
  expect(check.layerImportOptions({ country: 'ES' })).toEqual({ country: 'ES' });
  expect(check.layerImportOptions({ mapping: { code: 'C', name: 'N', designation: 'Parque', designationField: undefined } })).toEqual({
    mapping: { code: 'C', name: 'N', designation: 'Parque' },
  });
  expect(() => check.layerImportOptions({ files: ['/etc/passwd'] })).toThrow(/unknown keys: files/);
  expect(() => check.layerImportOptions({ mapping: { code: 'C', path: '/x' } })).toThrow(/mapping has unknown keys: path/);
  expect(() => check.layerImportOptions(['mapping'])).toThrow(/options must be an object/);
  expect(() => check.layerImportOptions(new Date())).toThrow(/options must be an object/);
  expect(() => check.layerImportOptions({ mapping: { code: 7 } })).toThrow(/mapping\.code must be a text/);
  expect(() => check.layerImportOptions({ country: 'E'.repeat(201) })).toThrow(/country must be a text of at most 200/);
});

test('handler answers: data, the service error as given, and no internals for unknown failures', async () => {
  expect(await toIpcResult(() => 7)).toEqual({ ok: true, data: 7 });
  const invalid = await toIpcResult(() => check.reference(''));
  expect(invalid).toEqual({ ok: false, error: { status: 400, code: 'VALIDATION_ERROR', message: expect.stringContaining('cadastral reference') } });
  const notFound = Object.assign(new Error('Parcel 123 not found.'), { status: 404, code: 'NOT_FOUND' });
  expect(
    await toIpcResult(() => {
      throw notFound;
    }),
  ).toEqual({ ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'Parcel 123 not found.' } });
  const originalError = console.error;
  console.error = () => {};
  try {
    const crash = await toIpcResult(() => {
      throw new TypeError('secret /home/user path');
    });
    expect(crash).toEqual({ ok: false, error: { status: 500, code: 'INTERNAL_ERROR', message: expect.not.stringContaining('secret') } });
  } finally {
    console.error = originalError;
  }
});

test('selection exports: a list of 1 to 2000 references in geojson or gpkg; anything else refused', () => {
  expect(check.referenceList(['40146A00405051', ' 000700100UL74F '])).toEqual(['40146A00405051', '000700100UL74F']);
  for (const bad of [[], '40146A00405051', [42], ['<script>'], Array.from({ length: 2001 }, () => 'A'), null]) {
    expect(() => check.referenceList(bad), JSON.stringify(bad)?.slice(0, 40)).toThrow(check.InvalidIpcInput);
  }
  expect(check.selectionFormat('gpkg')).toBe('gpkg');
  for (const bad of ['kml', 'sqlite', undefined]) expect(() => check.selectionFormat(bad)).toThrow(check.InvalidIpcInput);
});
