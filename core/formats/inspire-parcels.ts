import { centroid, parcelAreaM2 } from '../geo/polygon.js';
import type { StoredParcel } from '../model/records.js';
import { wgs84Geometry } from './gml-geometry.js';
import { CadastralParcelReader, streamParsedParcels, type ParcelReadOptions, type ParsedParcel } from './inspire-parcel-reader.js';
import { createSax } from './sax.js';
import type { ReadProgress, TextInput } from './text-stream.js';

export type { InspireParcelIds, ParcelReadOptions } from './inspire-parcel-reader.js';

/**
 * A parsed INSPIRE parcel as the copy keeps it: its outline in WGS84, centroid, area (the file's
 * areaValue when positive) and, where the country's references encode one, its land class.
 */
export function storedParcelOf(parsed: ParsedParcel, options: Pick<ParcelReadOptions, 'source' | 'country' | 'landClass'>): StoredParcel {
  const { ref } = parsed;
  const geometry = wgs84Geometry(parsed.polygons)!;
  return {
    ref,
    country: options.country,
    geometry,
    centroid: centroid(geometry),
    areaM2: parcelAreaM2(parsed.areaValue, geometry),
    clase: options.landClass?.(ref),
    ...(parsed.municipio && { municipio: parsed.municipio }),
    source: options.source,
    dataDate: parsed.dataDate,
  };
}

/** Parses a small in-memory answer (WFS GetParcel / GetNeighbourParcel). */
export function parseCadastralParcelXml(xml: string, options: ParcelReadOptions): StoredParcel[] {
  const parcels: StoredParcel[] = [];
  const sax = createSax(new CadastralParcelReader(options, (p) => parcels.push(storedParcelOf(p, options))));
  sax.write(xml);
  sax.close();
  return parcels;
}

/**
 * Streams a parcels file, handing parcels to `sink` in batches after each decoded chunk, so
 * memory stays flat whatever the file's size.
 */
export function streamCadastralParcels(
  file: TextInput,
  options: ParcelReadOptions,
  sink: (parcels: StoredParcel[], progress: ReadProgress) => void | Promise<void>,
): Promise<number> {
  return streamParsedParcels(file, options, (parsed) => storedParcelOf(parsed, options), sink);
}
