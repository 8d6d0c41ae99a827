import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGetParcelAnswer } from '../wfs-answer.js';
import { ServiceError } from '../../../model/index.js';
import { fixture } from '../../../../test/helpers/paths.js';

const read = (name: string) => readFileSync(fixture(name), 'utf8');
const GETPARCEL = read('es_catastro_wfs_getparcel_9398516VK3799G.gml');
const EXCEPTION = read('es_catastro_wfs-exceptionreport-rc-inexistente.xml');
const options = (ref: string) => ({ ref, dataDate: '2026-11-23' });

function failure(body: string, ref = '9398516VK3799G'): ServiceError {
  try {
    parseGetParcelAnswer(body, options(ref));
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('the answer was accepted');
}

describe('WFS GetParcel answer', () => {
  it('reads the recorded parcel with its official area, in WGS84 around Madrid, marked live', () => {
    const parcel = parseGetParcelAnswer(GETPARCEL, options('9398516VK3799G'));
    expect(parcel).toMatchObject({ ref: '9398516VK3799G', country: 'ES', areaM2: 1536, source: 'live', dataDate: '2026-11-23' });
    const [lon, lat] = parcel.centroid;
    expect(lon).toBeGreaterThan(-3.8);
    expect(lon).toBeLessThan(-3.6);
    expect(lat).toBeGreaterThan(40.4);
    expect(lat).toBeLessThan(40.5);
  });

  it('reads the Catalan recording in EPSG:25831 with its decimal area', () => {
    const parcel = parseGetParcelAnswer(read('es_catastro_wfs_getparcel_6362209CF9666S_25831.gml'), options('6362209CF9666S'));
    expect(parcel.areaM2).toBe(1041.63);
    expect(parcel.centroid[0]).toBeGreaterThan(0.5); // east of Greenwich: zone 31 was honoured
  });

  it('picks the asked parcel out of a multi-parcel answer (recorded GetNeighbourParcel, asked parcel second)', () => {
    const neighbours = read('es_catastro_wfs-neighbour-9398516VK3799G.xml');
    expect(parseGetParcelAnswer(neighbours, options('9398516VK3799G')).ref).toBe('9398516VK3799G');
  });

  it('answers 404 when the collection does not hold the asked reference', () => {
    expect(failure(GETPARCEL, '8429105VK1882N').code).toBe('NOT_FOUND');
  });

  it('maps the recorded ExceptionReport (HTTP 200) to 404 NOT_FOUND with the source’s text', () => {
    const error = failure(EXCEPTION, '0000000XX0000X');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('No se ha encontrado la parcela 0000000XX0000X');
  });

  it('treats an ExceptionReport about the request itself as the source failing (503)', () => {
    const body = EXCEPTION.replace('OperationProcessingFailed', 'InvalidParameterValue').replace(
      /<!\[CDATA\[[^\]]*\]\]>/,
      '<![CDATA[Parametro srsname incorrecto]]>',
    );
    expect(failure(body).code).toBe('SERVICE_UNAVAILABLE');
  });

  it.each([
    ['the recorded GML cut in half', GETPARCEL.slice(0, GETPARCEL.length / 2)],
    ['an HTML error page', '<html><body>Runtime Error<br></body></html>'],
    ['JSON', '{"error":"busy"}'],
    ['an empty body', ''],
    ['a well-formed document of another kind', '<?xml version="1.0"?><Something/>'],
  ])('answers 503 SERVICE_UNAVAILABLE for %s', (_label, body) => {
    const error = failure(body);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toContain('WFS');
  });
});
