import { bboxContains } from '../../geo/bbox.js';
import { isServiceError, todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { buildingsStatusCheck, withBuildingUse } from '../foral/building-use.js';
import { foralParcel, type ForalFeature } from '../foral/cp-features.js';
import { askForal, featureAt, featureByReferenceUrl, featuresAroundUrl } from '../foral/wfs.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { loadBizkaiaMunicipality } from './bizkaia-download.js';
import type { PvSources } from './country.js';
import { bizkaiaMunicipality, parseBasqueReference } from './reference.js';
import { basqueCadastres, type BasqueCadastre } from './territories.js';

/** The Basque Country's three foral cadastres, each asked through its own service. */
export class BasqueLiveSource implements LiveParcelSource {
  readonly cadastres: BasqueCadastre[];
  private readonly byTerritory: ReturnType<typeof basqueCadastres>;

  constructor(private readonly sources: PvSources) {
    this.byTerritory = basqueCadastres(sources);
    this.cadastres = Object.values(this.byTerritory);
  }

  private parcel(feature: ForalFeature, cadastre: BasqueCadastre): StoredParcel {
    return foralParcel(feature, 'PV', { dataDate: todayIso(), source: 'live', provincia: cadastre.name });
  }

  /** One small-box GetFeature per territory and service (parcels, buildings), at the centre of its extent. */
  statusChecks(): SourceCheck[] {
    return this.cadastres.flatMap((c) => {
      const centre: LonLat = [(c.bounds[0] + c.bounds[2]) / 2, (c.bounds[1] + c.bounds[3]) / 2];
      return [{ source: c.wfs.source, url: featuresAroundUrl(c.wfs, centre) }, buildingsStatusCheck(c.buildings, centre)];
    });
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const parsed = parseBasqueReference(ref);
    if (!parsed) return undefined;
    const cadastre = this.byTerritory[parsed.territory];
    if (parsed.territory === 'bizkaia') {
      await loadBizkaiaMunicipality(this.sources.bizkaiaAtomUrl, bizkaiaMunicipality(parsed.ref)!, ctx, todayIso());
      const loaded = await ctx.store.getParcel('PV', parsed.ref);
      return loaded && withBuildingUse(loaded, cadastre.buildings, ctx);
    }
    const features = await askForal(featureByReferenceUrl(cadastre.wfs, parsed.ref), cadastre.wfs.source, ctx);
    const feature = features.find((f) => f.ref === parsed.ref);
    return feature && withBuildingUse(this.parcel(feature, cadastre), cadastre.buildings, ctx);
  }

  /**
   * The parcel under a point: asked of each territory whose extent holds it (the extents overlap
   * at the borders, and Treviño, inside Álava, is Burgos's). A territory whose service fails
   * makes the answer a 503 only when no other territory found the parcel.
   */
  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    let failure: unknown;
    for (const cadastre of this.cadastres.filter((c) => bboxContains(c.bounds, point))) {
      try {
        const feature = featureAt(await askForal(featuresAroundUrl(cadastre.wfs, point), cadastre.wfs.source, ctx), point);
        if (feature) return await withBuildingUse(this.parcel(feature, cadastre), cadastre.buildings, ctx);
      } catch (error) {
        if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return undefined;
  }
}
