/**
 * A point transform that writes its answer (lon, lat) at `out[at]`, `out[at + 1]`: the bulk import
 * reprojects straight into the stored outline's numbers, with no [lon, lat] array per point.
 */
export type PointInto = (x: number, y: number, out: Float64Array, at: number) => void;

/**
 * Slots of the table: 65,536 recent vertices (2 MiB), a few thousand parcels' worth. On the Segovia
 * copies it finds 49 % of the vertices (41 % with 16,384 slots; 53 % is all there is to find).
 */
const SLOT_BITS = 16;

/**
 * `transform` behind a small table of the vertices it reprojected last, by their exact x and y:
 * neighbouring parcels share their boundary's vertices (the Segovia file writes each vertex 2.1
 * times) and a cadastral file lists neighbours near one another, so about half of a bulk import's
 * reprojections (proj4's UTM inverse: a tenth of the import) become a lookup. A hit gives the very
 * doubles the transform gave for that x and y; a miss overwrites its slot (memory stays fixed).
 * Hand-written: a Map keyed by the pair would build a string per point, costing about what it saves.
 */
export function withVertexCache(transform: PointInto): PointInto {
  const slots = 1 << SLOT_BITS;
  // Per slot x, y, lon, lat side by side: one cache line read per lookup. NaN keys match nothing,
  // so an empty slot is never a hit.
  const table = new Float64Array(slots * 4).fill(NaN);
  // x and y's bit patterns, read through a view of the same bytes, for the slot's hash.
  const scratch = new Float64Array(2);
  const bits = new Int32Array(scratch.buffer);
  return (x, y, out, outAt) => {
    // 0 and -0 are equal as keys but not always as inputs (their signs can reach the result).
    if (x === 0 || y === 0) return transform(x, y, out, outAt);
    scratch[0] = x;
    scratch[1] = y;
    const hash = Math.imul(bits[0] ^ Math.imul(bits[1], 0x27d4eb2d) ^ Math.imul(bits[2], 0x165667b1) ^ Math.imul(bits[3], 0x9e3779b1), 0x85ebca6b);
    const at = (hash >>> (32 - SLOT_BITS)) * 4;
    if (table[at] === x && table[at + 1] === y) {
      out[outAt] = table[at + 2];
      out[outAt + 1] = table[at + 3];
      return;
    }
    transform(x, y, out, outAt);
    table[at] = x;
    table[at + 1] = y;
    table[at + 2] = out[outAt];
    table[at + 3] = out[outAt + 1];
  };
}
