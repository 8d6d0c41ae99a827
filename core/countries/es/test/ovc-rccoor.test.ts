import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRccoor } from '../ovc-rccoor.js';
import { toWgs84 } from '../../../geo/crs.js';
import { containsPoint } from '../../../geo/polygon.js';
import { ServiceError, type LonLat } from '../../../model/index.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const read = (name: string) => readFileSync(countryFixture(name), 'utf8');
const OK_BODY = read('es_catastro_ovc-rccoor-ok.json');

/** The outline of 9398516VK3799G straight from its recorded GetParcel posList (EPSG:25830). */
function recordedOutline(): LonLat[] {
  const gml = read('es_catastro_wfs_getparcel_9398516VK3799G.gml');
  const values = /<gml:posList[^>]*>([^<]+)</.exec(gml)![1].trim().split(/\s+/).map(Number);
  const ring: LonLat[] = [];
  for (let i = 0; i < values.length; i += 2) ring.push(toWgs84(25830, values[i], values[i + 1]));
  return ring;
}

function failure(body: string): ServiceError {
  try {
    parseRccoor(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('the answer was accepted');
}

describe('Consulta_RCCOOR', () => {
  it('reads the recorded answer: the 14-character reference, the address line and the point inside that parcel', () => {
    const [match, ...rest] = parseRccoor(OK_BODY);
    expect(rest).toEqual([]);
    expect(match.ref14).toBe('9398516VK3799G');
    expect(match.direccion).toBe('CL SAN RESTITUTO 72(C) MADRID (MADRID)');
    expect(containsPoint({ type: 'Polygon', coordinates: [recordedOutline()] }, match.point)).toBe(true);
  });

  it('reads the XML form in EPSG:4326 with X as longitude (consulta_coordenadas of 6344205CF7664S)', () => {
    const [match] = parseRccoor(read('es_catastro_ovc_xml_Consulta_CPMRC_6344205CF7664S_from_test.xml'));
    expect(match.ref14).toBe('6344205CF7664S');
    expect(match.point[0]).toBeCloseTo(1.52328890356962, 10);
    expect(match.point[1]).toBeCloseTo(41.2205317242857, 10);
  });

  it('maps the recorded error 16 (HTTP 200, no reference at those coordinates) to 404 NOT_FOUND', () => {
    const error = failure(read('es_catastro_ovc-rccoor-cod16.json'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('PARA ESAS COORDENADAS NO HAY REFERENCIA DISPONIBLE');
  });

  it.each([
    ['the recorded answer cut in half', OK_BODY.slice(0, OK_BODY.length / 2)],
    ['plain text', 'Service Unavailable'],
    ['JSON of another shape', '[]'],
  ])('answers 503 SERVICE_UNAVAILABLE for %s', (_label, body) => {
    expect(failure(body).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 503 when the answer names a CRS it cannot be read in', () => {
    expect(failure(OK_BODY.replace('EPSG:25830', 'EPSG:99999')).code).toBe('SERVICE_UNAVAILABLE');
  });
});
