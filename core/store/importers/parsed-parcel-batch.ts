import type { ParsedParcel } from '../../formats/inspire-parcel-reader.js';
import type { SourceRing } from '../../formats/gml-surfaces.js';

/**
 * Parsed parcels (outlines still in the file's CRS) as the parse worker hands them to the
 * importing thread, which reprojects and packs them (parcel-parse-thread.ts): the coordinates in
 * one transferred buffer, not structured-cloned arrays per ring, and the strings joined by \n
 * (references and dates hold none), one string to copy instead of hundreds.
 */
export interface ParsedBatch {
  count: number;
  refs: string;
  dataDates: string;
  /** '' for a parcel without one. */
  municipios: string;
  /** The file's areaValue per parcel, NaN where it has none (parcelAreaM2 takes NaN as none). */
  areas: Float64Array;
  /** Per parcel its polygons; per polygon its rings; per ring its EPSG code and its numbers' count. */
  shape: Uint32Array;
  /** Every ring's x, y pairs, in order. */
  coordinates: Float64Array;
}

export function packParsedParcels(parcels: ParsedParcel[]): ParsedBatch {
  let shapeLength = 0;
  let numbers = 0;
  for (const { polygons } of parcels) {
    shapeLength += 1 + polygons.length;
    for (const rings of polygons) {
      shapeLength += 2 * rings.length;
      for (const ring of rings) numbers += ring.xy.length;
    }
  }
  const shape = new Uint32Array(shapeLength);
  const coordinates = new Float64Array(numbers);
  const areas = new Float64Array(parcels.length);
  let s = 0;
  let c = 0;
  parcels.forEach((parcel, i) => {
    areas[i] = parcel.areaValue ?? NaN;
    shape[s++] = parcel.polygons.length;
    for (const rings of parcel.polygons) {
      shape[s++] = rings.length;
      for (const { epsg, xy } of rings) {
        shape[s++] = epsg;
        shape[s++] = xy.length;
        for (let k = 0; k < xy.length; k++) coordinates[c++] = xy[k];
      }
    }
  });
  return {
    count: parcels.length,
    refs: parcels.map((p) => p.ref).join('\n'),
    dataDates: parcels.map((p) => p.dataDate).join('\n'),
    municipios: parcels.map((p) => p.municipio ?? '').join('\n'),
    areas,
    shape,
    coordinates,
  };
}

/** The batch's buffers, handed over to the importing thread rather than copied. */
export const parsedTransferablesOf = (batch: ParsedBatch): ArrayBuffer[] => [batch.areas.buffer, batch.shape.buffer, batch.coordinates.buffer] as ArrayBuffer[];

/** The parcels of a batch again; each ring's points are a view into the batch's buffer, not a copy. */
export function unpackParsedParcels(batch: ParsedBatch): ParsedParcel[] {
  const [refs, dataDates, municipios] = [batch.refs.split('\n'), batch.dataDates.split('\n'), batch.municipios.split('\n')];
  const { shape, coordinates } = batch;
  const parcels: ParsedParcel[] = [];
  let s = 0;
  let c = 0;
  for (let i = 0; i < batch.count; i++) {
    const polygons: SourceRing[][] = new Array(shape[s++]);
    for (let p = 0; p < polygons.length; p++) {
      const rings: SourceRing[] = new Array(shape[s++]);
      for (let r = 0; r < rings.length; r++) {
        const epsg = shape[s++];
        const length = shape[s++];
        rings[r] = { epsg, xy: coordinates.subarray(c, c + length) };
        c += length;
      }
      polygons[p] = rings;
    }
    const area = batch.areas[i];
    parcels.push({
      ref: refs[i],
      polygons,
      ...(!Number.isNaN(area) && { areaValue: area }),
      ...(municipios[i] && { municipio: municipios[i] }),
      dataDate: dataDates[i],
    });
  }
  return parcels;
}
