import { zxyToTileId } from 'pmtiles';

/**
 * Writes a PMTiles v3 archive (spec: github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) of
 * uncompressed tiles, for tests only. No npm package ships a real .pmtiles file to test with, so
 * the tests build one from real tiles (the app's own vector tiles of the bundled Segovia sample).
 * Directory: one root directory, no leaves; entries sorted by tile id.
 */
export function writePmtiles(tiles: { z: number; x: number; y: number; data: Uint8Array }[], metadata: object, tileType = 1): Buffer {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  const varints: number[] = [];
  const push = (value: number) => {
    let v = value;
    while (v >= 0x80) {
      varints.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    varints.push(v);
  };
  push(entries.length);
  let last = 0;
  for (const e of entries) {
    push(e.id - last);
    last = e.id;
  }
  for (let i = 0; i < entries.length; i++) push(1); // run lengths
  for (const e of entries) push(e.data.length);
  for (let i = 0; i < entries.length; i++) push(i === 0 ? 1 : 0); // offset 0 written as 0+1, then contiguous
  const directory = Buffer.from(varints);
  const json = Buffer.from(JSON.stringify(metadata));
  const data = Buffer.concat(entries.map((e) => Buffer.from(e.data)));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  u64(8, 127);
  u64(16, directory.length);
  u64(24, 127 + directory.length);
  u64(32, json.length);
  u64(40, 127 + directory.length + json.length);
  u64(48, 0);
  u64(56, 127 + directory.length + json.length);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType, 99);
  const zooms = tiles.map((t) => t.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const bounds = (metadata as { bounds?: number[] }).bounds ?? [-180, -85, 180, 85];
  [bounds[0], bounds[1], bounds[2], bounds[3]].forEach((v, i) => header.writeInt32LE(Math.round(v * 1e7), 102 + i * 4));
  header.writeUInt8(Math.max(...zooms), 118);
  header.writeInt32LE(Math.round(((bounds[0] + bounds[2]) / 2) * 1e7), 119);
  header.writeInt32LE(Math.round(((bounds[1] + bounds[3]) / 2) * 1e7), 123);
  return Buffer.concat([header, directory, json, data]);
}
