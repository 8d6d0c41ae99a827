import { hasSpanishReferenceShape, notFound, validationError, type CopyBuildingFacts } from '../../model/index.js';
import type { CadastralStore } from '../../store/cadastral-store.js';

/**
 * What the copy records of a Spanish parcel's building: use, built area, year, declared dwellings
 * and units (the panel shows them while the unit list needs a connection). 404 when the copy
 * lacks the parcel; a unit reference (20 characters) answers for its finca.
 */
export async function copyBuildingFacts(refcat: string, store: CadastralStore): Promise<CopyBuildingFacts> {
  const ref = refcat.trim().toUpperCase();
  if (!hasSpanishReferenceShape(ref)) throw validationError(`'${ref.slice(0, 64)}' is not a Spanish cadastral reference (14 or 20 characters).`);
  const parcel = await store.getParcel('ES', ref.slice(0, 14));
  if (!parcel) throw notFound(`Parcel ${ref.slice(0, 14)} is not in the local copy.`);
  const positive = (value: number | undefined) => (value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined);
  const facts: CopyBuildingFacts = {
    refCatastral: parcel.ref,
    uso: parcel.uso || undefined,
    superficieConstruida: positive(parcel.superficieConstruida),
    anioConstruccion: positive(parcel.anioConstruccion),
    viviendas: parcel.declaredDwellings ?? undefined,
    unidades: parcel.declaredUnits ?? undefined,
    dataDate: parcel.dataDate,
  };
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as CopyBuildingFacts;
}
