import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdapterContext } from '../../adapter.js';
import { SpainAdapter, type SpainAdapterOptions } from '../adapter.js';
import { toWgs84 } from '../../../geo/crs.js';
import { ServiceError, type LonLat } from '../../../model/index.js';
import { ParcelStore } from '../../../store/parcel-store.js';
import { UpstreamClient, type UpstreamClientOptions } from '../../../upstream/upstream-client.js';
import { startFakeCatastro, type FakeCatastro } from '../../../../test/fake-upstream/catastro.js';
import { fixture } from '../../../../test/helpers/paths.js';

/** A SpainAdapter over a real ParcelStore in a temp folder, talking to the fake Catastro. */
export interface AdapterRig {
  adapter: SpainAdapter;
  store: ParcelStore;
  http: UpstreamClient;
  fake: FakeCatastro;
  ctx: AdapterContext;
  close(): Promise<void>;
}

export const FAST_UPSTREAM: UpstreamClientOptions = {
  timeoutMs: 400,
  retries: 1,
  baseDelayMs: 5,
  breakerThreshold: 1000,
  breakerHalfOpenAfterMs: 200,
};

export async function startRig(options: { upstream?: UpstreamClientOptions; adapter?: SpainAdapterOptions } = {}): Promise<AdapterRig> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-es-'));
  const fake = await startFakeCatastro();
  const store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  const http = new UpstreamClient({ ...FAST_UPSTREAM, ...options.upstream });
  const adapter = new SpainAdapter({ ovcJsonBaseUrl: `${fake.url}/OVCServWeb/OVCWcfCallejero`, wfsCpUrl: `${fake.url}/INSPIRE/wfsCP.aspx` }, options.adapter);
  return {
    adapter,
    store,
    http,
    fake,
    ctx: { http, store },
    async close() {
      store.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(outcome)}`);
  return outcome;
}

const read = (name: string) => readFileSync(fixture(name), 'utf8');

/** Facts of a recorded GetParcel answer read straight from the file. */
export function recordedGetParcel(name: string) {
  const gml = read(name);
  const epsg = Number(/srsName="[^"]*\/(\d+)"/.exec(gml)![1]);
  const posList = /<gml:posList[^>]*count="(\d+)"[^>]*>([^<]+)</.exec(gml)!;
  const values = posList[2].trim().split(/\s+/).map(Number);
  const ring: LonLat[] = [];
  for (let i = 0; i < values.length; i += 2) ring.push(toWgs84(epsg, values[i], values[i + 1]));
  return {
    areaValue: Number(/<cp:areaValue uom="m2">([\d.]+)</.exec(gml)![1]),
    vertexCount: Number(posList[1]),
    ring,
  };
}

/** The recorded Consulta_DNPRC answer of 9398516VK3799G, as raw objects. */
export const recordedDnprc = JSON.parse(read('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json')).consulta_dnprcResult;
export const recordedUnitRefs: string[] = recordedDnprc.lrcdnp.rcdnp.map((p: any) => `${p.rc.pc1}${p.rc.pc2}${p.rc.car}${p.rc.cc1}${p.rc.cc2}`).sort();

/** The point of the recorded Consulta_RCCOOR request, in WGS84. */
export const RECORDED_POINT: LonLat = toWgs84(25830, 439242.88, 4479664.51);
