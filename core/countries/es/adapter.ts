import { CATASTRO_ATTRIBUTION } from './attribution.js';
import { addressCandidates } from './address/candidates.js';
import { createAddressDeps, type AddressDeps } from './address/deps.js';
import { parseAddress } from './address/parse.js';
import { largestPolygon } from '../../geo/polygon.js';
import { CURSOR_PATTERN } from '../../model/input-schemas.js';
import {
  isServiceError,
  mapsUrl,
  noCoverage,
  notFound,
  todayIso,
  validationError,
  type AddressCandidatesResult,
  type AddressParseResult,
  type AddressQuery,
  type LandClass,
  type BBox,
  type CoordinateMatch,
  type CopyBuildingFacts,
  type DataSource,
  type LonLat,
  type NeighbourOutline,
  type Parcel,
  type PolygonResult,
  type RusticParcelQuery,
  type RusticParcelRequest,
  type UnitsPage,
} from '../../model/index.js';
import type { CadastralStore } from '../../store/cadastral-store.js';
import type { StoredFinca, StoredParcel, StoredUnit } from '../../model/records.js';
import type { AdapterContext, CountryAdapter, CountrySources, Coverage, SourceCheck } from '../adapter.js';
import { getParcelUrl, rccoorUrl } from './config.js';
import { requireInBounds } from '../bounds.js';
import { OVC_SOURCE, SpainLiveSource, WFS_SOURCE_NAME, rusticSubject } from './live-source.js';
import type { DnprcAnswer } from './ovc-dnprc.js';
import { fincaParcel, unitParcel, unitView } from './parcel-view.js';
import { FORAL_HINT, foralOfProvince, foralProvinceCodeOfName, foralTerritoryOf } from '../foral/territory-of-reference.js';
import { RusticPlaceResolver } from './rustic-place.js';
import { copyBuildingFacts } from './building-facts.js';
import {
  ES_REFERENCE_SHAPE,
  SPANISH_REFERENCE_HINT,
  claseOfReference,
  isSpanishReference,
  landClassOfReference,
  parseSpanishReference,
  rusticReferenceCandidates,
  unitReference,
} from './reference.js';

export interface SpainAdapterOptions {
  /** Units per page of `/units` (the spec's 200); smaller in tests to exercise paging. */
  unitsPageSize?: number;
}

/**
 * A reference of the Catastro (common territory). A foral reference asked here is not the
 * Catastro's (spec item 8): 404 with a hint naming its territory's code and shape.
 */
function catastroReference(ref: string): string {
  const foral = foralTerritoryOf(ref);
  if (foral) {
    throw notFound(
      `Reference ${ref.trim().slice(0, 40)} is not in the Catastro (common territory, ES): it has the shape of a foral cadastre's reference; ask with country=${foral}. ${FORAL_HINT[foral]}`,
    );
  }
  return parseSpanishReference(ref);
}

/** A failure of the source itself (503) must surface; a refusal (404/400) only means "no data". */
const isSourceDown = (error: unknown) => isServiceError(error) && error.code === 'SERVICE_UNAVAILABLE';

/**
 * Spain, common territory. The local copy answers first; a finca missing from it, or with fewer
 * units than it declares, is read live from the Catastro (INSPIRE WFS for the outline,
 * Consulta_DNPRC for address, use and units, Consulta_RCCOOR for points) and cached in the copy.
 *
 * `dataSource`: `clone` whenever the answer comes from the copy (bulk import or an earlier live
 * read cached there), `catastro` when this request read the live service. `local_clone` is not
 * used: the copy's records keep their own origin (`source`) and `dataDate`, which is returned.
 */
export class SpainAdapter implements CountryAdapter {
  readonly code = 'ES' as const;
  readonly name = 'Spain (common territory)';
  readonly coverage: Coverage = { byReference: true, byCoordinates: true, byAddress: true, units: true, analysis: true };
  readonly extras = ['rusticParcel', 'buildingFacts', 'foralReferences', 'sigpac'] as const;
  /** Mainland, Balearics, Canaries (El Hierro at -18.2°), Ceuta, Melilla and the Alborán/Chafarinas islets. */
  readonly bounds: BBox = [-18.4, 27.5, 4.5, 43.9];
  readonly outlineId = '724';
  readonly attribution = CATASTRO_ATTRIBUTION;
  readonly referenceShape = ES_REFERENCE_SHAPE;
  readonly referenceHint = SPANISH_REFERENCE_HINT;
  private readonly live: SpainLiveSource;
  private readonly pageSize: number;
  /** Address clients per store: the copy's street search is prepared once per connection. */
  private readonly addressDeps = new WeakMap<CadastralStore, AddressDeps>();
  /** Province and municipality names and INE codes to the Catastro's codes, kept while the app runs. */
  private readonly rusticPlaces: RusticPlaceResolver;

  constructor(config?: CountrySources, options: SpainAdapterOptions = {}) {
    this.live = new SpainLiveSource(config);
    this.pageSize = options.unitsPageSize ?? 200;
    this.rusticPlaces = new RusticPlaceResolver(this.live.sources.callejeroBaseUrl);
  }

  /**
   * Status checks: Consulta_RCCOOR at the Puerta del Sol (a point every map of Spain has), the
   * INSPIRE WFS for the fixture-proven finca 9398516VK3799G, and CartoCiudad for one candidate.
   */
  statusChecks(): SourceCheck[] {
    const { sources } = this.live;
    return [
      { source: OVC_SOURCE, url: rccoorUrl(sources, 'EPSG:4326', -3.7035, 40.4168), accept: 'application/json' },
      { source: WFS_SOURCE_NAME, url: getParcelUrl(sources, '9398516VK3799G'), accept: 'application/xml, text/xml' },
      { source: 'cartociudad', url: `${sources.cartociudadBaseUrl.replace(/\/+$/, '')}/candidates?q=madrid&limit=1` },
    ];
  }

  private address(ctx: AdapterContext): AddressDeps {
    let deps = this.addressDeps.get(ctx.store);
    if (!deps) {
      const { cartociudadBaseUrl, callejeroBaseUrl } = this.live.sources;
      const { store } = ctx;
      // The address code reads Spain's records of the copy: the country is bound here, once.
      const copy = {
        getParcel: store.getParcel.bind(store),
        getFinca: (ref14: string) => store.getFinca(this.code, ref14),
        parcelsWithAddressWord: store.parcelsWithAddressWord.bind(store),
        importedAddressesWithWord: store.importedAddressesWithWord.bind(store),
        listOfflineAreas: () => store.listOfflineAreas?.() ?? [],
      };
      deps = createAddressDeps({ store: copy, http: ctx.http, cartociudadBaseUrl, callejeroBaseUrl });
      this.addressDeps.set(ctx.store, deps);
    }
    return deps;
  }

  /** Endpoint 1 through CartoCiudad, with the copy's stored addresses while it is down. */
  searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return addressCandidates(query, this.address(ctx), ctx.signal);
  }

  /** Endpoint 5 through the Catastro street directory (OVCCallejero). */
  parseAddress(direccion: string, ctx: AdapterContext): Promise<AddressParseResult> {
    return parseAddress(direccion, this.address(ctx), ctx.signal);
  }

  buildingFacts(ref: string, ctx: AdapterContext): Promise<CopyBuildingFacts> {
    return copyBuildingFacts(ref, ctx.store);
  }

  landClassOf(ref: string): LandClass | undefined {
    return landClassOfReference(ref);
  }

  matchesReference(ref: string): boolean {
    return isSpanishReference(ref);
  }

  normalizeReference(ref: string): string {
    return catastroReference(ref);
  }

  async neighbourOutlines(ref: string, ctx: AdapterContext): Promise<NeighbourOutline[]> {
    const neighbours = await this.live.neighbours(catastroReference(ref).slice(0, 14), ctx);
    return neighbours.map((p) => ({ ref: p.ref, geometry: p.geometry }));
  }

  async parcelByReference(ref: string, ctx: AdapterContext): Promise<Parcel> {
    const canonical = catastroReference(ref);
    if (canonical.length === 20) return this.unitByReference(canonical, ctx);
    // The copy's parcel and finca in one read; the live path (a parcel the copy lacks) reads them apart.
    const stored = await ctx.store.getParcelWithFinca(this.code, canonical);
    if (stored) return fincaParcel(stored.parcel, stored.finca, 'clone');
    const { parcel, live } = await this.loadParcel(canonical, ctx);
    return fincaParcel(parcel, await ctx.store.getFinca(this.code, canonical), live ? 'catastro' : 'clone');
  }

  /**
   * A rustic parcel by province and municipality, polígono and parcela. Names and INE codes are
   * turned into the Catastro's codes first (rustic-place.ts: the copy's offline areas, else the
   * street directory). Then the copy (the references those numbers can have, one per sector
   * letter), else Consulta_DNPPP_Codigos; then the parcel of the reference found, as by reference.
   * The foral provinces are not the Catastro's, by code or by name.
   */
  async rusticParcel(request: RusticParcelRequest, ctx: AdapterContext): Promise<Parcel> {
    requireCatastroProvince(foralProvinceCodeOfName(request.provincia) ?? request.provincia);
    const asked = await this.rusticPlaces.resolve(request, ctx);
    requireCatastroProvince(asked.provincia);
    const held = await ctx.store.heldReferences(this.code, rusticReferenceCandidates(asked));
    if (held.length === 1) return this.parcelByReference(held[0], ctx);
    if (held.length > 1) throw severalRusticParcels(asked, held);
    const answer = await this.live.rusticFinca(asked, ctx);
    const fincas = [...new Set(answer.units.map((unit) => unit.finca))];
    if (fincas.length > 1) throw severalRusticParcels(asked, fincas);
    // Kept first: the lookup by reference below then reads the outline only, not Consulta_DNPRC again.
    await this.storeFinca(answer, ctx);
    return this.parcelByReference(answer.ref14, ctx);
  }

  async polygon(ref: string, ctx: AdapterContext): Promise<PolygonResult> {
    const canonical = catastroReference(ref);
    const { parcel } = await this.loadParcel(canonical.slice(0, 14), ctx);
    return {
      refcat: canonical,
      geojson: {
        type: 'Feature',
        geometry: largestPolygon(parcel.geometry),
        properties: { refCatastral: parcel.ref, superficieParcela: parcel.areaM2, attribution: CATASTRO_ATTRIBUTION },
      },
    };
  }

  /**
   * The parcel at a point, whole: the copy's parcel there, else the Catastro's reference at the
   * point, then read as by reference. Unlike parcelAt it reads no finca facts or units for a
   * coordinate answer nobody shows (endpoint 4's answer stays parcelAt's).
   */
  async parcelAtPoint(point: LonLat, ctx: AdapterContext): Promise<Parcel> {
    requireInBounds(this, point);
    const stored = await ctx.store.parcelAt(point, 'ES');
    const ref14 = stored?.ref ?? (await this.live.parcelsAt(point, ctx))[0].ref14;
    return this.parcelByReference(ref14, ctx);
  }

  async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    requireInBounds(this, point);
    const [lon, lat] = point;
    const stored = await ctx.store.parcelAtWithUnits(point, this.code, 2);
    let ref14: string;
    let liveAddress = '';
    let finca: StoredFinca | undefined;
    let units: StoredUnit[];
    if (stored) {
      ref14 = stored.parcel.ref;
      ({ finca, units } = stored);
    } else {
      const [match] = await this.live.parcelsAt(point, ctx);
      ref14 = match.ref14;
      liveAddress = match.direccion;
      finca = await ctx.store.getFinca(this.code, ref14);
      units = await ctx.store.unitsPage(this.code, ref14, undefined, 2);
      if (!finca) {
        const answer = await this.readUnitsLive(ref14, ctx).catch((error: unknown) => {
          if (isSourceDown(error)) throw error;
          return undefined;
        });
        finca = answer?.finca;
        units = answer?.units.slice(0, 2) ?? [];
      }
    }
    const single = units.length === 1 && (finca?.declaredUnits ?? 1) <= 1 ? units[0] : undefined;
    return {
      // One property: its own reference. Several (or unknown): the first property's, whose
      // control letters are computed (SOURCES.md 1.6) since only the 14 characters were located.
      referenciaCatastral: single?.ref ?? unitReference(ref14, '0001'),
      refCat14: ref14,
      direccion: finca?.direccion || stored?.parcel.direccion || liveAddress,
      municipio: finca?.municipio || stored?.parcel.municipio || '',
      tipoInmueble: single?.uso || finca?.usoGeneral || stored?.parcel.uso || '',
      coordenadas: { latitud: lat, longitud: lon },
      mapsUrl: mapsUrl(lat, lon),
    };
  }

  async units(finca: string, cursor: string | undefined, ctx: AdapterContext): Promise<UnitsPage> {
    const ref14 = catastroReference(finca).slice(0, 14);
    if (cursor !== undefined && (!CURSOR_PATTERN.test(cursor) || cursor.slice(0, 14) !== ref14)) {
      throw validationError(
        `Parameter 'cursor' must be the 'nextCursor' of a previous page of finca ${ref14}: a 20-character reference starting with ${ref14}.`,
      );
    }
    let facts = await ctx.store.getFinca(this.code, ref14);
    const parcel = await ctx.store.getParcel('ES', ref14);
    const declared = facts?.declaredUnits ?? parcel?.declaredUnits;
    const stored = await ctx.store.countUnits(this.code, ref14);
    let dataSource: DataSource = 'clone';
    if (declared === undefined || declared <= 0 || stored < declared) {
      try {
        facts = (await this.readUnitsLive(ref14, ctx)).finca;
        dataSource = 'catastro';
      } catch (error) {
        // Source down but some units already copied: the copy is the best answer there is.
        if (!(isSourceDown(error) && stored > 0)) throw error;
      }
    }
    const rows = await ctx.store.unitsPage(this.code, ref14, cursor, this.pageSize + 1);
    const page = rows.slice(0, this.pageSize);
    const truncated = rows.length > this.pageSize;
    const facade = facts ?? fincaFactsOf(parcel);
    return {
      refCatastral: ref14,
      direccion: facade.direccion,
      codigoPostal: facade.codigoPostal,
      municipio: facade.municipio,
      provincia: facade.provincia,
      usoGeneral: facade.usoGeneral,
      superficieTotal: facade.superficieTotal,
      anioConstruccion: facade.anioConstruccion,
      totalUnidades: page.length,
      totalUnidadesFinca: await ctx.store.countUnits(this.code, ref14),
      unidades: page.map(unitView),
      truncated,
      ...(truncated ? { nextCursor: page[page.length - 1].ref } : {}),
      dataSource,
      dataDate: dataSource === 'catastro' ? todayIso() : (facts?.dataDate ?? page[0]?.dataDate ?? parcel?.dataDate ?? todayIso()),
      attribution: CATASTRO_ATTRIBUTION,
    };
  }

  private async unitByReference(ref20: string, ctx: AdapterContext): Promise<Parcel> {
    const ref14 = ref20.slice(0, 14);
    let unit = await ctx.store.getUnit(this.code, ref20);
    let unitIsLive = false;
    if (!unit) {
      // Read the whole finca (one request, and its siblings are cached for /units).
      const answer = await this.readUnitsLive(ref14, ctx);
      unit = answer.units.find((u) => u.ref === ref20);
      if (!unit) throw notFound(`Unit ${ref20} was not found: finca ${ref14} has no property ${ref20.slice(14, 18)}.`);
      unitIsLive = true;
    }
    const { parcel, live } = await this.loadParcel(ref14, ctx);
    return unitParcel(unit, parcel, await ctx.store.getFinca(this.code, ref14), unitIsLive || live ? 'catastro' : 'clone');
  }

  /** The finca's parcel record: the copy, else the live WFS outline merged with its DNPRC facts, cached. */
  private async loadParcel(ref14: string, ctx: AdapterContext): Promise<{ parcel: StoredParcel; live: boolean }> {
    const stored = await ctx.store.getParcel('ES', ref14);
    if (stored) return { parcel: stored, live: false };

    const knownFinca = await ctx.store.getFinca(this.code, ref14);
    const [outline, facts] = await Promise.allSettled([this.live.parcel(ref14, ctx), knownFinca ? Promise.resolve(undefined) : this.live.finca(ref14, ctx)]);
    const answer = facts.status === 'fulfilled' ? facts.value : undefined;
    // Units read are worth keeping even if the outline failed: /units can then answer offline.
    if (answer) await this.storeFinca(answer, ctx);
    if (outline.status === 'rejected') throw outline.reason;
    if (facts.status === 'rejected' && isSourceDown(facts.reason)) throw facts.reason;

    const finca = answer?.finca ?? knownFinca;
    const single = answer && answer.units.length === 1 && answer.declaredProperties === 1 ? answer.units[0] : undefined;
    const parcel: StoredParcel = {
      ...outline.value,
      direccion: finca?.direccion || undefined,
      codigoPostal: finca?.codigoPostal || undefined,
      municipio: finca?.municipio || undefined,
      provincia: finca?.provincia || undefined,
      uso: single?.uso || finca?.usoGeneral || undefined,
      clase: answer?.clase ?? claseOfReference(ref14),
      superficieConstruida: single?.superficie || undefined,
      anioConstruccion: finca?.anioConstruccion || undefined,
      declaredUnits: finca?.declaredUnits,
    };
    await ctx.store.upsertParcels([parcel]);
    return { parcel, live: true };
  }

  /** Consulta_DNPRC of the finca, cached: its facts and every unit (replacing older copies). */
  private async readUnitsLive(ref14: string, ctx: AdapterContext): Promise<DnprcAnswer> {
    const answer = await this.live.finca(ref14, ctx);
    await this.storeFinca(answer, ctx);
    return answer;
  }

  private async storeFinca(answer: DnprcAnswer, ctx: AdapterContext): Promise<void> {
    await ctx.store.upsertFinca(this.code, answer.finca);
    await ctx.store.replaceUnits(this.code, answer.ref14, answer.units);
  }
}

/** 422 for a foral province (by its INE code): its land is its foral cadastre's, not the Catastro's. */
function requireCatastroProvince(provincia: string): void {
  const foral = foralOfProvince(/^[0-9]{2}$/.test(provincia) ? provincia : undefined);
  if (foral) {
    throw noCoverage(
      `Province ${provincia} is in ${foral === 'NA' ? 'Navarre' : 'the Basque Country'}, whose land the Catastro does not hold: its foral cadastre does. Ask for the parcel by its reference there, with country=${foral}. ${FORAL_HINT[foral]}`,
    );
  }
}

/**
 * Polígono and parcela held under two sector letters (a municipality with several sectors): which
 * one is meant cannot be told from the four numbers, so the references are listed to ask by.
 */
function severalRusticParcels(asked: RusticParcelQuery, refs: string[]) {
  return validationError(
    `${rusticSubject(asked)} matches ${refs.length} parcels, one per cadastral sector: ${refs.join(', ')}. Ask for the one meant by its reference.`,
    { references: refs },
  );
}

/** Finca facts when only the parcel record is known (units imported without a finca record). */
function fincaFactsOf(parcel: StoredParcel | undefined): Omit<StoredFinca, 'ref' | 'declaredUnits' | 'source' | 'dataDate'> {
  return {
    direccion: parcel?.direccion ?? '',
    codigoPostal: parcel?.codigoPostal ?? '',
    municipio: parcel?.municipio ?? '',
    provincia: parcel?.provincia ?? '',
    usoGeneral: parcel?.uso ?? '',
    superficieTotal: parcel?.superficieConstruida ?? 0,
    anioConstruccion: parcel?.anioConstruccion ?? 0,
  };
}
