import type { ReportText } from './report-text.js';

export const en: ReportText = {
  heading: 'CADASTRAL PARCEL REPORT',
  documentTitle: (ref) => `Parcel report ${ref}`,
  generated: (when) => `Generated ${when} UTC`,
  fields: {
    refCatastral: 'Cadastral reference', pais: 'Country', direccion: 'Address', codigoPostal: 'Postcode', municipio: 'Municipality',
    provincia: 'Province', poligonoParcela: 'Polígono / parcela', paraje: 'Place name (paraje)', latitud: 'Latitude (centroid)',
    longitud: 'Longitude (centroid)', uso: 'Use', clase: 'Class', superficieParcela: 'Parcel area', superficieConstruida: 'Built area',
    anioConstruccion: 'Year built', coefParticipacion: 'Ownership share of the finca', participacion: 'Share', escalera: 'Staircase',
    planta: 'Floor', puerta: 'Door', dataSource: 'Data source', dataDate: 'Data date', attribution: 'Data owner', mapsUrl: 'Map link',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'local copy of the national cadastre', local_clone: 'local copy of the national cadastre', catastro: 'read live from the national cadastre', notStated: 'not stated' },
  sections: { parcel: 'Parcel', units: 'Units of the finca', outline: (n) => `Outline (WGS84, lon / lat), vertices: ${n}`, hazards: 'Hazards and analyses (already computed)' },
  moreVertices: (n) => `… and ${n} more: export GeoJSON or GeoPackage for the full outline.`,
  units: {
    count: 'Units', totalBuilt: 'Total built area',
    needsConnection: 'The list of units comes from the Catastro, which could not be asked (no connection).',
    failed: 'The list of units could not be read from the Catastro.',
    copyKnows: 'The local copy knows:', use: 'Use', builtArea: 'Built area', year: 'Year built',
    dwellings: 'Dwellings declared', buildingUnits: 'Building units declared',
  },
  neighboursUnavailable: 'Neighbouring parcels not drawn: the cadastre could not be asked.',
  protectedAreas: {
    label: 'Protected areas', noLayer: 'no layer imported', none: 'none overlapping',
    inside: (pct) => `inside; up to ${pct} % of the parcel`, overlaps: (pct) => `overlaps; up to ${pct} % of the parcel`,
  },
  groundMotion: {
    label: 'Ground motion (EGMS)',
    noLayerLoaded: 'no ground-motion layer loaded for this area',
    noReflector: 'no satellite reflector on this parcel (data is loaded nearby)',
    summary: (c, v, period) => `${c}; vertical ${v} mm/year (${period})`,
    detail: (worst, sub, cov) => `worst ${worst}; max subsidence ${sub} mm/year; ${cov} % covered`,
    classes: {
      severe_subsidence: 'severe subsidence', moderate_subsidence: 'moderate subsidence', slight_subsidence: 'slight subsidence', stable: 'stable',
      slight_uplift: 'slight uplift', moderate_uplift: 'moderate uplift', severe_uplift: 'severe uplift',
    },
  },
  solar: {
    label: 'Solar (PVGIS)', noData: 'no data at this point',
    summary: (kwh, kwp, irr) => `${kwh} kWh/year from ${kwp} kWp; irradiation ${irr} kWh/m²/year`,
    detail: (saving, payback, co2) => `saving ${saving} €/year; payback ${payback} years; ${co2} kg CO2/year avoided`,
  },
  scale: (d) => `Scale 1:${d} (A4)`,
  footerSource: (date, source) => `Data date ${date} · Source: ${source}`,
  footerOwner: (owner) => `© ${owner}. Data shown as published by its owner; this report is not a certified cadastral document.`,
  ownerFallback: (country) => `the national cadastre of ${country}`,
  viewer: (url) => `Official viewer: ${url}`,
};
