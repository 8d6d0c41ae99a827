import type { BuildingFacts } from '../model/records.js';
import { createSax } from './sax.js';
import { streamSaxRecords } from './sax-record-stream.js';
import type { TextChunk, TextInput } from './text-stream.js';
import { todayIso } from '../model/index.js';

/**
 * INSPIRE currentUse code list (CurrentUseValue) → the Spanish labels the Catastro's OVC
 * services use for `luso`, so a parcel reads the same from an import or a live answer.
 */
export const CURRENT_USE_LABELS: Record<string, string> = {
  '1_residential': 'Residencial',
  '1_1_singleDwelling': 'Residencial',
  '1_2_twoDwellings': 'Residencial',
  '1_3_moreThanTwoDwellings': 'Residencial',
  '1_4_residenceForCommunities': 'Residencial',
  '2_agriculture': 'Agrario',
  '3_industrial': 'Industrial',
  '4_commerceAndServices': 'Comercial y servicios',
  '4_1_office': 'Oficinas',
  '4_2_retail': 'Comercial',
  '4_3_publicServices': 'Servicios públicos',
  ancillary: 'Anexo',
};

const FIELDS = new Set(['beginLifespanVersion', 'currentUse', 'numberOfBuildingUnits', 'numberOfDwellings', 'beginning', 'value', 'reference', 'localId']);

/**
 * Reads INSPIRE Buildings (bu-ext2d 2.0) as the Catastro publishes them: one Building per
 * parcel, its gml:id `ES.SDGC.BU.<14-character parcel reference>`. Only the facts the parcel
 * answer needs are kept (use, year, built area, declared units and dwellings); footprints are
 * not stored because the parcel outline is what the service returns.
 */
export function streamBuildings(
  file: TextInput,
  options: { dataDate?: string },
  sink: (buildings: BuildingFacts[], progress: TextChunk) => void,
): Promise<number> {
  return streamSaxRecords(file, (emit) => buildingReader(options, emit), sink);
}

function buildingReader(options: { dataDate?: string }, emit: (building: BuildingFacts) => void) {
  let record: (BuildingFacts & { inDate?: boolean; inArea?: boolean }) | null = null;
  let field: string | null = null;
  let text = '';
  const inside: string[] = [];

  return createSax({
    open(local, attributes) {
      if (local === 'Building') {
        const id = attributes['gml:id'] ?? '';
        record = { ref: id.replace(/^ES\.SDGC\.BU\./, ''), dataDate: options.dataDate ?? todayIso() };
        inside.length = 0;
        return;
      }
      if (!record) return;
      inside.push(local);
      if (FIELDS.has(local)) {
        field = local;
        text = '';
      }
    },
    text(value) {
      if (field) text += value;
    },
    close(local) {
      if (!record) return;
      if (local === 'Building') {
        if (record.ref) emit(record);
        record = null;
        return;
      }
      inside.pop();
      if (field !== local) return;
      const value = text.trim();
      field = null;
      if (value === '') return;
      switch (local) {
        case 'beginLifespanVersion':
          record.dataDate = value.slice(0, 10);
          break;
        case 'currentUse':
          record.uso = CURRENT_USE_LABELS[value] ?? value;
          break;
        case 'numberOfBuildingUnits':
          record.buildingUnits = Number(value);
          break;
        case 'numberOfDwellings':
          record.dwellings = Number(value);
          break;
        case 'beginning':
          if (inside.includes('dateOfConstruction')) record.anioConstruccion = Number(value.slice(0, 4));
          break;
        case 'value':
          if (inside.includes('officialArea')) record.superficieConstruida = Number(value);
          break;
        case 'localId':
          if (!record.ref) record.ref = value;
          break;
      }
    },
  });
}
