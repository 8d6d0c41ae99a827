import { notFound, refusalData, validationError, type BBox, type OfflineChoice } from '../../model/index.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import {
  FORAL_TERRITORIES,
  foralRefusal,
  foreignEnclosure,
  foralTerritory,
  officeFeedUrl,
  parseOfficeFeed,
  parseServiceFeed,
  serviceFeedUrl,
  type AtomDataset,
  type AtomOffice,
  type AtomTheme,
} from './atom-feeds.js';

/** One municipality to download: its parcels zip and, when the buildings feed lists it, its buildings zip. */
export interface MunicipalityDownload {
  code: string;
  name: string;
  office: string;
  parcels: AtomDataset;
  buildings?: AtomDataset;
}

const SOURCE = 'Catastro INSPIRE ATOM';
/** How many municipalities a name several bear lists for the user to choose from. */
const CANDIDATES_SHOWN = 12;
/** Names compared without case and accents: "Melque de Cercos" finds "MELQUE DE CERCOS". */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

const intersects = (a: BBox, b: BBox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * Finds municipalities in the Catastro's ATOM feeds. Feeds are read once per catalogue (they
 * change monthly at most), through the upstream client (timeouts, retries, breaker).
 */
export class EsAtomCatalogue {
  private officesRead?: Promise<AtomOffice[]>;
  private readonly feeds = new Map<string, Promise<AtomDataset[]>>();

  constructor(
    private readonly baseUrl: string,
    private readonly client: UpstreamClient,
  ) {}

  private async fetchFeed(url: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.client.getText(url, { source: SOURCE, signal, accept: 'application/atom+xml, application/xml' });
    if (answer.status !== 200) throw new Error(`${url}: the download service answered HTTP ${answer.status}.`);
    return answer.body;
  }

  offices(signal?: AbortSignal): Promise<AtomOffice[]> {
    const url = serviceFeedUrl(this.baseUrl, 'CP');
    this.officesRead ??= this.fetchFeed(url, signal).then((xml) => parseServiceFeed(xml, url));
    this.officesRead.catch(() => {
      this.officesRead = undefined;
    });
    return this.officesRead;
  }

  datasets(theme: AtomTheme, office: string, signal?: AbortSignal): Promise<AtomDataset[]> {
    const url = officeFeedUrl(this.baseUrl, theme, office);
    let read = this.feeds.get(url);
    if (!read) {
      read = this.fetchFeed(url, signal).then((xml) =>
        parseOfficeFeed(xml, url, theme).map((dataset) => {
          const refused = foreignEnclosure(dataset.url, this.baseUrl);
          return refused ? { ...dataset, refused } : dataset;
        }),
      );
      read.catch(() => this.feeds.delete(url));
      this.feeds.set(url, read);
    }
    return read;
  }

  /** The municipalities of one territorial office, each with its buildings zip when listed. */
  async municipalities(office: string, signal?: AbortSignal): Promise<MunicipalityDownload[]> {
    const parcels = await this.datasets('CP', office, signal);
    // Buildings only enrich parcels: a missing buildings feed must not block the parcels.
    const buildings = await this.datasets('BU', office, signal).catch(() => [] as AtomDataset[]);
    const byCode = new Map(buildings.map((d) => [d.code, d]));
    return parcels.map((p) => ({ code: p.code, name: p.name, office, parcels: p, ...(byCode.has(p.code) && { buildings: byCode.get(p.code) }) }));
  }

  private async allMunicipalities(signal?: AbortSignal): Promise<MunicipalityDownload[]> {
    const offices = await this.offices(signal);
    const lists: MunicipalityDownload[][] = [];
    // Four feeds at a time: polite to the service, and ~50 feeds still read in seconds.
    for (let i = 0; i < offices.length; i += 4) {
      lists.push(...(await Promise.all(offices.slice(i, i + 4).map((o) => this.municipalities(o.code, signal)))));
    }
    return lists.flat();
  }

  private async officeOf(province: string, signal?: AbortSignal): Promise<AtomOffice> {
    const foralByName = Object.entries(FORAL_TERRITORIES).find(([, t]) =>
      fold(t.name)
        .split('/')
        .some((n) => n === fold(province)),
    );
    const foral = foralRefusal(/^\d{1,2}$/.test(province) ? province.padStart(2, '0') : (foralByName?.[0] ?? ''));
    if (foral) throw foral;
    const offices = await this.offices(signal);
    const wanted = /^\d{1,2}$/.test(province) ? province.padStart(2, '0') : undefined;
    const office = offices.find((o) => (wanted ? o.code === wanted : fold(o.name) === fold(province)));
    if (!office) {
      throw notFound(
        `No territorial office "${province}" in the Catastro's download service (it lists ${offices.map((o) => `${o.code} ${o.name}`).join(', ')}).`,
        refusalData('PROVINCE_UNKNOWN', { name: province, offices: offices.map(({ code, name }) => ({ code, name })) }),
      );
    }
    return office;
  }

  /** Resolves a choice to municipalities, each once; unknown names and foral territories are refused with the reason. */
  async resolve(choice: OfflineChoice, signal?: AbortSignal): Promise<MunicipalityDownload[]> {
    const found = new Map<string, MunicipalityDownload>();
    const add = (list: MunicipalityDownload[]) => list.forEach((m) => found.set(m.code, m));
    for (const province of choice.provinces ?? []) add(await this.municipalities((await this.officeOf(province, signal)).code, signal));
    for (const wanted of choice.municipalities ?? []) add([await this.municipality(wanted, signal)]);
    if (choice.bbox) add(await this.inView(choice.bbox, signal));
    return [...found.values()].sort((a, b) => a.code.localeCompare(b.code));
  }

  async municipality(wanted: string, signal?: AbortSignal): Promise<MunicipalityDownload> {
    const code = /^\d{5}$/.test(wanted.trim()) ? wanted.trim() : undefined;
    if (code) {
      const foral = foralRefusal(code);
      if (foral) throw foral;
      const match = (await this.municipalities((await this.officeOf(code.slice(0, 2), signal)).code, signal)).find((m) => m.code === code);
      if (!match) throw notFound(`The Catastro's download service lists no municipality ${code}.`, refusalData('MUNICIPALITY_CODE_UNKNOWN', { code }));
      return match;
    }
    const all = await this.allMunicipalities(signal);
    const exact = all.filter((m) => fold(m.name) === fold(wanted));
    if (exact.length === 1) return exact[0];
    const partial = exact.length ? exact : all.filter((m) => fold(m.name).includes(fold(wanted)));
    if (partial.length === 1) return partial[0];
    if (partial.length > 1) {
      const candidates = partial.slice(0, CANDIDATES_SHOWN).map(({ code, name }) => ({ code, name }));
      throw validationError(
        `"${wanted}" names ${partial.length} municipalities: ${candidates.map((m) => `${m.code} ${m.name}`).join(', ')}${partial.length > CANDIDATES_SHOWN ? ', …' : ''}. Give the code.`,
        refusalData('MUNICIPALITY_NAME_AMBIGUOUS', { name: wanted, candidates, total: partial.length }),
      );
    }
    const foral = Object.keys(FORAL_TERRITORIES).map((province) => foralTerritory(province)!);
    throw notFound(
      `No municipality "${wanted}" in the Catastro's download service. The Basque Country and Navarre are not in it: ${foral.map((t) => `${t.name} ${t.source}`).join('; ')}.`,
      refusalData('MUNICIPALITY_NAME_UNKNOWN', { name: wanted, foral }),
    );
  }

  /** Municipalities whose feed extent meets the view. The feeds' georss extents decide; a feed without them cannot answer. */
  async inView(bbox: BBox, signal?: AbortSignal): Promise<MunicipalityDownload[]> {
    const all = await this.allMunicipalities(signal);
    const located = all.filter((m) => m.parcels.bbox);
    if (located.length === 0)
      throw validationError('The download feeds give no extents for their municipalities, so the map view cannot pick them: choose by name, code or province.');
    const inView = located.filter((m) => intersects(m.parcels.bbox!, bbox));
    if (inView.length === 0)
      throw validationError(
        "No municipality of the Catastro's download service lies in this view (the Basque Country and Navarre are not in it).",
        refusalData('NO_MUNICIPALITY_IN_VIEW'),
      );
    return inView;
  }
}
