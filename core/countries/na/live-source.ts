import { todayIso, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { buildingsStatusCheck, withBuildingUse, type ForalBuildingsWfs } from '../foral/building-use.js';
import { foralParcel, type ForalFeature } from '../foral/cp-features.js';
import { askForal, featureAt, featureByReferenceUrl, featuresAroundUrl, type ForalWfs } from '../foral/wfs.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import type { NaSourcesConfig } from './country.js';

/** Navarre's RRTN INSPIRE WFS: `CP:CadastralParcel`, filtered on the unprefixed property name as recorded. */
export class NavarreLiveSource implements LiveParcelSource {
  readonly wfs: ForalWfs;
  readonly buildings: ForalBuildingsWfs;

  constructor(sources: NaSourcesConfig) {
    this.wfs = {
      source: 'Navarra RRTN INSPIRE WFS (Catastro)',
      baseUrl: sources.wfsUrl,
      typeName: 'CP:CadastralParcel',
      referenceProperty: { name: 'nationalCadastralReference', xmlns: '' },
    };
    this.buildings = { source: 'Navarra RRTN INSPIRE Buildings WFS (Catastro)', baseUrl: sources.buildingsWfsUrl, typeName: 'BU:Building' };
  }

  private parcel(feature: ForalFeature): StoredParcel {
    return foralParcel(feature, 'NA', { dataDate: todayIso(), source: 'live', provincia: 'Navarra' });
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const feature = (await askForal(featureByReferenceUrl(this.wfs, ref), this.wfs.source, ctx)).find((f) => f.ref === ref);
    return feature && withBuildingUse(this.parcel(feature), this.buildings, ctx);
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [{ source: this.wfs.source, url: featuresAroundUrl(this.wfs, near) }, buildingsStatusCheck(this.buildings, near)];
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const feature = featureAt(await askForal(featuresAroundUrl(this.wfs, point), this.wfs.source, ctx), point);
    return feature && withBuildingUse(this.parcel(feature), this.buildings, ctx);
  }
}
