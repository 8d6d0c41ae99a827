import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeSegoviaZips } from '../helpers/catastro-zips.js';

/**
 * A stand-in for the Catastro's INSPIRE ATOM download service on 127.0.0.1, under its real
 * paths (SOURCES.md 1.9): `/INSPIRE/CadastralParcels/ES.SDGC.CP.atom.xml`, the office feed
 * `/INSPIRE/CadastralParcels/40/ES.SDGC.CP.atom_40.xml`, the zip
 * `/INSPIRE/CadastralParcels/40/40146-MELQUE%20DE%20CERCOS/A.ES.SDGC.CP.40146.zip`, and the same
 * under `/INSPIRE/buildings/…/ES.SDGC.BU…`.
 *
 * THE FEEDS ARE WRITTEN BY HAND: no recording of the Catastro's ATOM feeds exists here. They
 * follow standard Atom (RFC 4287) and the INSPIRE download-service conventions (enclosure link
 * with type and length, georss:polygon extent) and the office titles SOURCES.md quotes. The
 * zips are real: rebuilt from the real Segovia (40146) files (test/helpers/catastro-zips.ts).
 * Offices 01, 20, 31, 48 (foral territories) are absent, as in the real service.
 *
 * Zips honour `Range: bytes=N-` (206 + Content-Range) and carry a strong ETag and a Last-Modified
 * (standard HTTP validators; whether the Catastro's server sends them is not recorded here, so
 * `sendValidators = false` serves them without) with `If-Range` honoured as RFC 9110 says: a
 * validator that no longer matches gets the whole file (200). `publish` replaces a zip, as a newer
 * edition would be published. Faults for the next request of a zip
 * (`setFault(name, fault)`): `cut` sends half the bytes and destroys the socket; `corrupt`
 * sends the announced length with damaged bytes; `status` answers that status; `stall` sends half
 * the bytes and then nothing (a transfer in progress, for interrupting the client).
 */
export type AtomFault = { kind: 'cut' } | { kind: 'stall' } | { kind: 'corrupt' } | { kind: 'status'; status: number };

export interface FakeCatastroAtom {
  /** Base URL to configure, ending in `/INSPIRE`. */
  baseUrl: string;
  zipBytes: Record<string, Buffer>;
  setFault(zipName: string, fault: AtomFault, times?: number): void;
  /** Serves `bytes` under `zipName` from now on (the feed announces their length). */
  publish(zipName: string, bytes: Buffer): void;
  /** Where the office feeds link the zips (default the fake's own base): a hostile feed's other host. */
  enclosureBase?: string;
  /** The `length` the feeds announce for a zip, in place of its real size (a feed lying about it). */
  announcedLength: Record<string, number>;
  /** ETag and Last-Modified on zip answers (default true). */
  sendValidators: boolean;
  requests: { path: string; range?: string; ifRange?: string; status?: number }[];
  close(): Promise<void>;
}

const FOLDER = '40146-MELQUE%20DE%20CERCOS';
/** Extent of the real 40146 parcels (lat lon pairs, GeoRSS order), rounded outwards. */
const SEGOVIA_40146_POLYGON = '41.017 -4.508 41.017 -4.449 41.074 -4.449 41.074 -4.508 41.017 -4.508';

const feedHead = (title: string, self: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!-- WRITTEN BY HAND for Catastro Desktop's tests: no recording of the Catastro's ATOM feeds exists.
     Standard Atom + INSPIRE download-service conventions; the zips it links are real. -->
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:georss="http://www.georss.org/georss" xmlns:inspire_dls="http://inspire.ec.europa.eu/schemas/inspire_dls/1.0" xml:lang="en">
  <title>${title}</title>
  <link href="${self}" rel="self" type="application/atom+xml"/>
  <id>${self}</id>
  <updated>2021-09-11T10:54:28Z</updated>
  <author><name>Dirección General del Catastro</name></author>
`;

function serviceFeed(base: string, theme: 'CP' | 'BU'): string {
  const folder = theme === 'CP' ? 'CadastralParcels' : 'buildings';
  const self = `${base}/${folder}/ES.SDGC.${theme}.atom.xml`;
  return `${feedHead(`Spanish Cadastre ${theme === 'CP' ? 'Cadastral Parcels' : 'Buildings'} ATOM download service`, self)}
  <entry>
    <title>Territorial office 40 Segovia</title>
    <link rel="alternate" type="application/atom+xml" href="${base}/${folder}/40/ES.SDGC.${theme}.atom_40.xml"/>
    <id>${base}/${folder}/40/ES.SDGC.${theme}.atom_40.xml</id>
    <updated>2021-09-11T10:54:28Z</updated>
  </entry>
</feed>
`;
}

function officeFeed(base: string, theme: 'CP' | 'BU', zipLength: number, zipBase = base): string {
  const folder = theme === 'CP' ? 'CadastralParcels' : 'buildings';
  const self = `${base}/${folder}/40/ES.SDGC.${theme}.atom_40.xml`;
  const zip = `${zipBase}/${folder}/40/${FOLDER}/A.ES.SDGC.${theme}.40146.zip`;
  return `${feedHead(`Territorial office 40 Segovia`, self)}
  <entry>
    <title>40146-MELQUE DE CERCOS</title>
    <link rel="enclosure" type="application/zip" length="${zipLength}" href="${zip}" title="A.ES.SDGC.${theme}.40146.zip"/>
    <id>${zip}</id>
    <updated>2021-09-11T10:54:28Z</updated>
    <georss:polygon>${SEGOVIA_40146_POLYGON}</georss:polygon>
  </entry>
</feed>
`;
}

export async function startFakeCatastroAtom(): Promise<FakeCatastroAtom> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-atom-'));
  const zips = await writeSegoviaZips(dir);
  const zipBytes: Record<string, Buffer> = {
    'A.ES.SDGC.CP.40146.zip': readFileSync(zips.parcels),
    'A.ES.SDGC.BU.40146.zip': readFileSync(zips.buildings),
  };
  const faults = new Map<string, { fault: AtomFault; times: number }>();
  const requests: FakeCatastroAtom['requests'] = [];
  let base = '';
  const published = new Map<string, Date>(Object.keys(zipBytes).map((name) => [name, new Date('2021-09-11T10:54:28Z')]));
  const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
  const fake: Pick<FakeCatastroAtom, 'sendValidators' | 'enclosureBase' | 'announcedLength'> = { sendValidators: true, announcedLength: {} };
  const lengthOf = (name: string) => fake.announcedLength[name] ?? zipBytes[name].length;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request: FakeCatastroAtom['requests'][number] = {
      path: url.pathname,
      ...(req.headers.range && { range: req.headers.range }),
      ...(typeof req.headers['if-range'] === 'string' && { ifRange: req.headers['if-range'] }),
    };
    requests.push(request);
    res.on('finish', () => {
      request.status = res.statusCode;
    });
    const xml = (body: string) => res.writeHead(200, { 'Content-Type': 'application/atom+xml; charset=utf-8' }).end(body);
    const feeds: Record<string, () => string> = {
      '/INSPIRE/CadastralParcels/ES.SDGC.CP.atom.xml': () => serviceFeed(base, 'CP'),
      '/INSPIRE/buildings/ES.SDGC.BU.atom.xml': () => serviceFeed(base, 'BU'),
      '/INSPIRE/CadastralParcels/40/ES.SDGC.CP.atom_40.xml': () => officeFeed(base, 'CP', lengthOf('A.ES.SDGC.CP.40146.zip'), fake.enclosureBase),
      '/INSPIRE/buildings/40/ES.SDGC.BU.atom_40.xml': () => officeFeed(base, 'BU', lengthOf('A.ES.SDGC.BU.40146.zip'), fake.enclosureBase),
    };
    if (feeds[url.pathname]) return xml(feeds[url.pathname]());
    const zipMatch = new RegExp(`^/INSPIRE/(?:CadastralParcels|buildings)/40/${FOLDER}/(A\\.ES\\.SDGC\\.(?:CP|BU)\\.40146\\.zip)$`).exec(url.pathname);
    const bytes = zipMatch && zipBytes[zipMatch[1]];
    if (!bytes) return res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>404 Not Found</body></html>');

    const validators: Record<string, string> = fake.sendValidators ? { ETag: etagOf(bytes), 'Last-Modified': published.get(zipMatch[1])!.toUTCString() } : {};
    for (const [name, value] of Object.entries(validators)) res.setHeader(name, value);
    const pending = faults.get(zipMatch[1]);
    if (pending) {
      if (--pending.times <= 0) faults.delete(zipMatch[1]);
      if (pending.fault.kind === 'status') return res.writeHead(pending.fault.status).end();
      if (pending.fault.kind === 'cut' || pending.fault.kind === 'stall') {
        const cut = pending.fault.kind === 'cut';
        res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': bytes.length, 'Accept-Ranges': 'bytes' });
        res.write(bytes.subarray(0, bytes.length >> 1), () => {
          if (cut) res.destroy();
        });
        return;
      }
      const damaged = Buffer.from(bytes);
      for (let i = damaged.length >> 2; i < damaged.length >> 1; i += 97) damaged[i] ^= 0xff;
      return res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': damaged.length }).end(damaged);
    }
    const from = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1];
    // If-Range (RFC 9110 §13.1.5): the range only while the validator still names this file.
    const rangeApplies = request.ifRange === undefined || request.ifRange === validators.ETag || request.ifRange === validators['Last-Modified'];
    if (from !== undefined && rangeApplies) {
      const start = Number(from);
      if (start >= bytes.length) return res.writeHead(416, { 'Content-Range': `bytes */${bytes.length}` }).end();
      res.writeHead(206, {
        'Content-Type': 'application/zip',
        'Content-Length': bytes.length - start,
        'Content-Range': `bytes ${start}-${bytes.length - 1}/${bytes.length}`,
        'Accept-Ranges': 'bytes',
      });
      return res.end(bytes.subarray(start));
    }
    res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': bytes.length, 'Accept-Ranges': 'bytes' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/INSPIRE`;
  return {
    baseUrl: base,
    zipBytes,
    requests,
    setFault: (name, fault, times = 1) => {
      faults.set(name, { fault, times });
    },
    publish: (name, bytes) => {
      zipBytes[name] = bytes;
      published.set(name, new Date(published.get(name)!.getTime() + 86_400_000));
    },
    get sendValidators() {
      return fake.sendValidators;
    },
    set sendValidators(on: boolean) {
      fake.sendValidators = on;
    },
    get enclosureBase() {
      return fake.enclosureBase;
    },
    set enclosureBase(url: string | undefined) {
      fake.enclosureBase = url;
    },
    announcedLength: fake.announcedLength,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
