import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixture } from '../helpers/paths.js';

/**
 * A stand-in for Etalab's cadastre files on 127.0.0.1 under their real path scheme
 * (core/countries/fr/etalab-files.ts): `<root>/communes/91/91216/cadastre-91216-parcelles.json.gz`
 * serves the REAL Etalab file of Épinay-sur-Orge (test/fixtures/countries, 4,241 parcels), byte
 * for byte, with Content-Length and `Range: bytes=N-` (206 + Content-Range) as a static file host
 * answers. WRITTEN BY HAND: `<root>/departements/91/cadastre-91-parcelles.json.gz` serves that same
 * commune file (no département file is recorded here), and every other path answers 404.
 *
 * Faults for the next request of a file (`setFault(name, fault)`): `cut` sends half the bytes
 * and destroys the socket; `corrupt` sends the announced length with damaged bytes; `status`
 * answers that status.
 */
export type EtalabFault = { kind: 'cut' } | { kind: 'corrupt' } | { kind: 'status'; status: number };

export interface FakeEtalabCadastre {
  /** The root to configure (like https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson). */
  root: string;
  bytes: Buffer;
  requests: { path: string; range?: string }[];
  setFault(fileName: string, fault: EtalabFault, times?: number): void;
  close(): Promise<void>;
}

const ROOT_PATH = '/data/etalab-cadastre/latest/geojson';

export async function startFakeEtalabCadastre(): Promise<FakeEtalabCadastre> {
  const bytes = readFileSync(fixture('countries/fr_etalab_cadastre_parcelles_91216.json.gz'));
  const files: Record<string, Buffer> = {
    [`${ROOT_PATH}/communes/91/91216/cadastre-91216-parcelles.json.gz`]: bytes,
    [`${ROOT_PATH}/departements/91/cadastre-91-parcelles.json.gz`]: bytes,
  };
  const faults = new Map<string, { fault: EtalabFault; times: number }>();
  const requests: FakeEtalabCadastre['requests'] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, ...(req.headers.range && { range: req.headers.range }) });
    const body = files[url.pathname];
    if (!body) return res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body><h1>404 Not Found</h1></body></html>');
    const name = url.pathname.split('/').at(-1)!;
    const headers = { 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    const pending = faults.get(name);
    if (pending) {
      if (--pending.times <= 0) faults.delete(name);
      if (pending.fault.kind === 'status') return res.writeHead(pending.fault.status).end();
      if (pending.fault.kind === 'cut') {
        res.writeHead(200, { ...headers, 'Content-Length': body.length });
        res.write(body.subarray(0, body.length >> 1), () => res.destroy());
        return;
      }
      const damaged = Buffer.from(body);
      for (let i = damaged.length >> 2; i < damaged.length >> 1; i += 97) damaged[i] ^= 0xff;
      return res.writeHead(200, { ...headers, 'Content-Length': damaged.length }).end(damaged);
    }
    const from = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1];
    if (from !== undefined) {
      const start = Number(from);
      if (start >= body.length) return res.writeHead(416, { 'Content-Range': `bytes */${body.length}` }).end();
      res.writeHead(206, { ...headers, 'Content-Length': body.length - start, 'Content-Range': `bytes ${start}-${body.length - 1}/${body.length}` });
      return res.end(body.subarray(start));
    }
    res.writeHead(200, { ...headers, 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    root: `http://127.0.0.1:${(server.address() as AddressInfo).port}${ROOT_PATH}`,
    bytes,
    requests,
    setFault: (name, fault, times = 1) => {
      faults.set(name, { fault, times });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
