/** PVGIS azimuth: 0 = south, 90 = west, −90 = east (SOURCES.md 13.1). Eight compass sectors, Spanish names. */
const SECTORS = ['Sur', 'Suroeste', 'Oeste', 'Noroeste', 'Norte', 'Noreste', 'Este', 'Sureste'];

export function orientationName(pvgisAzimuth: number): string {
  const normalized = ((pvgisAzimuth % 360) + 360) % 360; // 0..360, clockwise from south
  return SECTORS[Math.round(normalized / 45) % 8];
}
