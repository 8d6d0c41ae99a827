import { XMLParser } from 'fast-xml-parser';
import { noCoverage, refusalData, type BBox, type ForalSource, type ServiceError } from '../../model/index.js';

/**
 * The Catastro's INSPIRE ATOM download service (SOURCES.md 1.9): a service feed per theme whose
 * entries are territorial offices ("Territorial office 34 Palencia"), a feed per office
 * (`…/CadastralParcels/28/ES.SDGC.CP.atom_28.xml`) whose entries are municipalities, and one
 * zip per municipality (`…/CadastralParcels/40/40146-MELQUE%20DE%20CERCOS/A.ES.SDGC.CP.40146.zip`).
 * Buildings follow the same scheme under `buildings/` with `BU`.
 */
export const DEFAULT_ATOM_BASE_URL = 'https://www.catastro.hacienda.gob.es/INSPIRE';

/**
 * The hosts the Catastro's feeds link their zips on (SOURCES.md 1.9: the service's host and its
 * older name). An enclosure elsewhere is not the Catastro's file and is not fetched.
 */
export const ATOM_PUBLISHING_HOSTS: readonly string[] = ['www.catastro.hacienda.gob.es', 'www.catastro.minhap.es'];

/**
 * Why a zip a feed links is not fetched, or undefined when it may be: it must be on one of the
 * publishing hosts (http or https on their default ports) or on the configured base URL's own
 * origin (a mirror or a test's fake the user pointed the app at).
 */
export function foreignEnclosure(url: string, baseUrl: string): string | undefined {
  const target = new URL(url);
  if (target.origin === new URL(baseUrl).origin) return undefined;
  const publishing = ATOM_PUBLISHING_HOSTS.includes(target.hostname) && target.port === '' && (target.protocol === 'https:' || target.protocol === 'http:');
  return publishing
    ? undefined
    : `${url}: the feed links this file on ${target.origin}, not on the Catastro's download service (${ATOM_PUBLISHING_HOSTS.join(', ')}); it was not fetched.`;
}

export type AtomTheme = 'CP' | 'BU';
const THEME_FOLDER: Record<AtomTheme, string> = { CP: 'CadastralParcels', BU: 'buildings' };

const trimSlash = (url: string) => url.replace(/\/+$/, '');
export const serviceFeedUrl = (base: string, theme: AtomTheme) => `${trimSlash(base)}/${THEME_FOLDER[theme]}/ES.SDGC.${theme}.atom.xml`;
export const officeFeedUrl = (base: string, theme: AtomTheme, office: string) =>
  `${trimSlash(base)}/${THEME_FOLDER[theme]}/${office}/ES.SDGC.${theme}.atom_${office}.xml`;

/** A territorial office: one feed of municipalities (its code is the first two digits of theirs). */
export interface AtomOffice {
  code: string;
  name: string;
  feedUrl: string;
}

/** One municipality's zip as a feed lists it. */
export interface AtomDataset {
  code: string;
  name: string;
  theme: AtomTheme;
  url: string;
  /** Bytes the feed announces (`link/@length`), checked against the download. */
  length?: number;
  updated?: string;
  /** Extent from the entry's georss:polygon or georss:box, when the feed gives one. */
  bbox?: BBox;
  /** Why this file is not fetched (an enclosure off the service's hosts: foreignEnclosure); reported as the file's failure. */
  refused?: string;
}

/**
 * The foral territories keep their own cadastres: the national service has none of their
 * parcels. INE province codes, with each territory's own download service (SOURCES.md 1b).
 */
export const FORAL_TERRITORIES: Record<string, { name: string; source: string }> = {
  '01': { name: 'Álava/Araba', source: 'https://geo.araba.eus/atom/CP/CadastralParcels.atom' },
  '20': { name: 'Gipuzkoa', source: 'https://b5m.gipuzkoa.eus/inspire/download/cadastralparcels.xml' },
  '31': {
    name: 'Navarre/Nafarroa',
    source: 'https://filescartografia.navarra.es/2_CARTOGRAFIA_TEMATICA/2_7_CATASTRO/2_7_3_INSPIRE_ATOM/2_7_3_1_CP/CadastralParcels_ServiceATOM_Navarra.xml',
  },
  '48': { name: 'Bizkaia', source: 'https://apli.bizkaia.eus/apps/Danok/INSPIRE/cadastralparcels.xml' },
};

/** A foral territory of a province or municipality code (its first two digits), with where its own cadastre publishes. */
export function foralTerritory(code: string): ForalSource | undefined {
  const province = code.slice(0, 2);
  const foral = FORAL_TERRITORIES[province];
  return foral && { province, ...foral };
}

export function foralMessage(code: string): string | undefined {
  const foral = FORAL_TERRITORIES[code.slice(0, 2)];
  return (
    foral && `${foral.name} is a foral territory: the Catastro's download service has none of its parcels. Its own cadastre publishes them at ${foral.source}.`
  );
}

/** The refusal (CNV_COVERAGE) of a foral province or municipality, with where its own cadastre publishes. */
export function foralRefusal(code: string): ServiceError | undefined {
  const foral = foralTerritory(code);
  return foral && noCoverage(foralMessage(code)!, refusalData('FORAL_TERRITORY', foral));
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: (name) => name === 'entry' || name === 'link',
  parseTagValue: false,
  parseAttributeValue: false,
});

interface RawLink {
  href?: string;
  rel?: string;
  type?: string;
  length?: string;
  title?: string;
}
interface RawEntry {
  title?: unknown;
  id?: unknown;
  updated?: unknown;
  link?: RawLink[];
  polygon?: unknown;
  box?: unknown;
}

const text = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return text((value as { '#text'?: unknown })['#text']);
  return String(value).trim();
};

function entriesOf(xml: string, url: string): RawEntry[] {
  let doc: { feed?: { entry?: RawEntry[] } };
  try {
    doc = parser.parse(xml, true);
  } catch (error) {
    throw new Error(`${url} is not a readable Atom feed: ${(error as Error).message}`);
  }
  if (!doc.feed) throw new Error(`${url} is not an Atom feed (no <feed> element).`);
  return doc.feed.entry ?? [];
}

/** GeoRSS polygons are "lat lon lat lon …", boxes "south west north east". */
function bboxOf(entry: RawEntry): BBox | undefined {
  const polygon = text(entry.polygon);
  const box = text(entry.box);
  const numbers = (polygon || box)
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (numbers.length < 4 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  if (!polygon) return [numbers[1], numbers[0], numbers[3], numbers[2]];
  const lats = numbers.filter((_, i) => i % 2 === 0);
  const lons = numbers.filter((_, i) => i % 2 === 1);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const absolute = (href: string, base: string) => new URL(href, base).toString();

/** The service feed: one entry per territorial office, linking its feed. */
export function parseServiceFeed(xml: string, url: string): AtomOffice[] {
  const offices: AtomOffice[] = [];
  for (const entry of entriesOf(xml, url)) {
    const title = text(entry.title);
    const feed = (entry.link ?? []).find((l) => l.href && /atom_\d{2}\.xml$/i.test(l.href)) ?? (entry.link ?? []).find((l) => l.href && /\.xml$/i.test(l.href));
    if (!feed?.href) continue;
    const code = /atom_(\d{2})\.xml$/i.exec(feed.href)?.[1] ?? /\b(\d{2})\b/.exec(title)?.[1];
    if (!code) continue;
    const name = /\d{2}\s+(.+)$/.exec(title)?.[1] ?? title;
    offices.push({ code, name, feedUrl: absolute(feed.href, url) });
  }
  return offices;
}

/** A territorial office's feed: one entry per municipality, its zip as the enclosure. */
export function parseOfficeFeed(xml: string, url: string, theme: AtomTheme): AtomDataset[] {
  const datasets: AtomDataset[] = [];
  const zipName = new RegExp(`A\\.ES\\.SDGC\\.${theme}\\.(\\d{5})\\.zip$`, 'i');
  for (const entry of entriesOf(xml, url)) {
    const links = entry.link ?? [];
    const zip =
      links.find((l) => l.href && zipName.test(l.href) && (l.rel === 'enclosure' || l.rel === undefined)) ?? links.find((l) => l.href && zipName.test(l.href));
    if (!zip?.href) continue;
    const href = absolute(zip.href, url);
    const code = zipName.exec(zip.href)![1];
    const folder = decodeURIComponent(href.split('/').at(-2) ?? '');
    const title = text(entry.title);
    const fromTitle = new RegExp(`^${code}\\s*-\\s*(.+?)(?:\\s+(?:buildings|cadastral\\s*parcels?))?$`, 'i').exec(title)?.[1];
    const fromFolder = new RegExp(`^${code}-(.+)$`).exec(folder)?.[1];
    const length = zip.length !== undefined ? Number(zip.length) : undefined;
    datasets.push({
      code,
      name: (fromTitle ?? fromFolder ?? title).trim(),
      theme,
      url: href,
      ...(length !== undefined && Number.isInteger(length) && length > 0 && { length }),
      ...(text(entry.updated) && { updated: text(entry.updated) }),
      ...(bboxOf(entry) && { bbox: bboxOf(entry) }),
    });
  }
  return datasets;
}
