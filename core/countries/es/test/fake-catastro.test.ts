import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { startFakeCatastro, type FakeCatastro } from '../../../../test/fake-upstream/catastro.js';

/** The fake must replay the recordings exactly, so tests against it exercise the real formats. */
let fake: FakeCatastro;
beforeAll(async () => {
  fake = await startFakeCatastro();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.setFault({ kind: 'none' });
  fake.requests.length = 0;
});

const bytes = async (path: string) => {
  const response = await fetch(`${fake.url}${path}`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
};

const WFS = '/INSPIRE/wfsCP.aspx?service=wfs&version=2&request=storedqueries&STOREDQUERIE_ID=GetParcel&srsname=EPSG::25830&REFCAT=';
const DNPRC = '/OVCServWeb/OVCWcfCallejero/COVCCallejero.svc/json/Consulta_DNPRC?Provincia=&Municipio=&';
const RCCOOR = '/OVCServWeb/OVCWcfCallejero/COVCCoordenadas.svc/json/Consulta_RCCOOR?';

describe('fake Catastro replays the recordings byte for byte', () => {
  it.each([
    ['9398516VK3799G', 'es_catastro_wfs_getparcel_9398516VK3799G.gml'],
    ['8429105VK1882N', 'es_catastro_wfs_getparcel_8429105VK1882N.gml'],
    ['6362209CF9666S', 'es_catastro_wfs_getparcel_6362209CF9666S_25831.gml'],
    ['1234567AB1234C', 'es_catastro_wfs-exceptionreport-rc-inexistente.xml'],
  ])('WFS GetParcel %s', async (ref, file) => {
    const answer = await bytes(WFS + ref);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(readFileSync(countryFixture(file)))).toBe(true);
  });

  it('WFS parameter names are case-insensitive, as the service’s are', async () => {
    const answer = await bytes('/INSPIRE/wfsCP.aspx?SERVICE=WFS&VERSION=2&REQUEST=storedqueries&storedquerie_id=GetParcel&refcat=9398516VK3799G');
    expect(answer.body.equals(readFileSync(countryFixture('es_catastro_wfs_getparcel_9398516VK3799G.gml')))).toBe(true);
  });

  it('Consulta_DNPRC with RefCat, and the recorded error 17 when RefCat is missing (sent as RC)', async () => {
    expect((await bytes(`${DNPRC}RefCat=9398516VK3799G`)).body.equals(readFileSync(countryFixture('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json')))).toBe(
      true,
    );
    expect((await bytes(`${DNPRC}RC=9398516VK3799G`)).body.equals(readFileSync(countryFixture('es_catastro_ovc-dnprc-cod17.json')))).toBe(true);
  });

  it('Consulta_RCCOOR at the recorded point, and the recorded error 16 elsewhere or for another SRS', async () => {
    const ok = readFileSync(countryFixture('es_catastro_ovc-rccoor-ok.json'));
    const none = readFileSync(countryFixture('es_catastro_ovc-rccoor-cod16.json'));
    expect((await bytes(`${RCCOOR}SRS=EPSG:25830&CoorX=439242.88&CoorY=4479664.51`)).body.equals(ok)).toBe(true);
    expect((await bytes(`${RCCOOR}SRS=EPSG:25830&CoorX=439300&CoorY=4479664.51`)).body.equals(none)).toBe(true);
    expect((await bytes(`${RCCOOR}SRS=EPSG:9999&CoorX=439242.88&CoorY=4479664.51`)).body.equals(none)).toBe(true);
  });

  it('records every request it receives', async () => {
    await bytes(`${DNPRC}RefCat=9398516VK3799G`);
    expect(fake.requests).toEqual([`${DNPRC}RefCat=9398516VK3799G`]);
  });
});

describe('fake Catastro faults', () => {
  it('answers a status for the given number of requests, then recovers', async () => {
    fake.setFault({ kind: 'status', status: 502, times: 2 });
    expect((await bytes(WFS + '9398516VK3799G')).status).toBe(502);
    expect((await bytes(WFS + '9398516VK3799G')).status).toBe(502);
    expect((await bytes(WFS + '9398516VK3799G')).status).toBe(200);
  });

  it('cuts the connection mid-answer', async () => {
    fake.setFault({ kind: 'cut', times: 1 });
    await expect(bytes(WFS + '9398516VK3799G')).rejects.toThrow();
  });

  it('sends a malformed body: the recording cut in half', async () => {
    fake.setFault({ kind: 'malformed', times: 1 });
    const recorded = readFileSync(countryFixture('es_catastro_wfs_getparcel_9398516VK3799G.gml'));
    const answer = await bytes(WFS + '9398516VK3799G');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(recorded.subarray(0, Math.floor(recorded.length / 2)))).toBe(true);
  });

  it('delays the answer when slow', async () => {
    fake.setFault({ kind: 'slow', delayMs: 300, times: 1 });
    const started = Date.now();
    expect((await bytes(WFS + '9398516VK3799G')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
