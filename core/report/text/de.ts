import type { ReportText } from './report-text.js';

export const de: ReportText = {
  heading: 'FLURSTÜCKSBERICHT (KATASTER)',
  documentTitle: (ref) => `Flurstücksbericht ${ref}`,
  generated: (when) => `Erstellt ${when} UTC`,
  fields: {
    refCatastral: 'Katasterkennzeichen', pais: 'Land', direccion: 'Adresse', codigoPostal: 'Postleitzahl', municipio: 'Gemeinde',
    provincia: 'Provinz', poligonoParcela: 'Polígono / parcela', paraje: 'Flurname (paraje)', latitud: 'Breite (Schwerpunkt)',
    longitud: 'Länge (Schwerpunkt)', uso: 'Nutzung', clase: 'Klasse', superficieParcela: 'Flurstücksfläche', superficieConstruida: 'Bebaute Fläche',
    anioConstruccion: 'Baujahr', coefParticipacion: 'Miteigentumsanteil der Finca', participacion: 'Anteil', escalera: 'Treppe',
    planta: 'Stockwerk', puerta: 'Tür', dataSource: 'Datenquelle', dataDate: 'Datenstand', attribution: 'Dateninhaber', mapsUrl: 'Kartenlink',
  },
  poligonoParcela: (poligono, parcela) => `Polígono ${poligono}, Parcela ${parcela}`,
  sources: { clone: 'lokale Kopie des nationalen Katasters', local_clone: 'lokale Kopie des nationalen Katasters', catastro: 'live vom nationalen Kataster gelesen', notStated: 'nicht angegeben' },
  sections: { parcel: 'Flurstück', units: 'Einheiten der Finca', outline: (n) => `Umring (WGS84, Länge / Breite), Eckpunkte: ${n}`, hazards: 'Gefahren und Analysen (bereits berechnet)' },
  moreVertices: (n) => `… und ${n} weitere: GeoJSON oder GeoPackage exportieren für den ganzen Umring.`,
  units: {
    count: 'Einheiten', totalBuilt: 'Bebaute Fläche gesamt',
    needsConnection: 'Die Liste der Einheiten kommt vom Catastro, das nicht gefragt werden konnte (keine Verbindung).',
    failed: 'Die Liste der Einheiten konnte nicht vom Catastro gelesen werden.',
    copyKnows: 'Die lokale Kopie weiß:', use: 'Nutzung', builtArea: 'Bebaute Fläche', year: 'Baujahr',
    dwellings: 'Angegebene Wohnungen', buildingUnits: 'Angegebene Gebäudeeinheiten',
  },
  neighboursUnavailable: 'Nachbarflurstücke nicht gezeichnet: das Kataster konnte nicht gefragt werden.',
  protectedAreas: {
    label: 'Schutzgebiete', noLayer: 'keine Ebene importiert', none: 'keines überlappt',
    inside: (pct) => `innerhalb; bis zu ${pct} % des Flurstücks`, overlaps: (pct) => `überlappt; bis zu ${pct} % des Flurstücks`,
  },
  groundMotion: {
    label: 'Bodenbewegung (EGMS)',
    noLayerLoaded: 'keine Bodenbewegungsebene für dieses Gebiet geladen',
    noReflector: 'kein Satellitenreflektor auf diesem Flurstück (Daten in der Nähe geladen)',
    summary: (c, v, period) => `${c}; vertikal ${v} mm/Jahr (${period})`,
    detail: (worst, sub, cov) => `schlechteste ${worst}; max. Absenkung ${sub} mm/Jahr; ${cov} % abgedeckt`,
    classes: {
      severe_subsidence: 'starke Absenkung', moderate_subsidence: 'mäßige Absenkung', slight_subsidence: 'leichte Absenkung', stable: 'stabil',
      slight_uplift: 'leichte Hebung', moderate_uplift: 'mäßige Hebung', severe_uplift: 'starke Hebung',
    },
  },
  solar: {
    label: 'Solar (PVGIS)', noData: 'keine Daten an diesem Punkt',
    summary: (kwh, kwp, irr) => `${kwh} kWh/Jahr aus ${kwp} kWp; Einstrahlung ${irr} kWh/m²/Jahr`,
    detail: (saving, payback, co2) => `Ersparnis ${saving} €/Jahr; Amortisation ${payback} Jahre; ${co2} kg CO2/Jahr vermieden`,
  },
  scale: (d) => `Maßstab 1:${d} (A4)`,
  footerSource: (date, source) => `Datenstand ${date} · Quelle: ${source}`,
  footerOwner: (owner) => `© ${owner}. Daten wie vom Inhaber veröffentlicht; dieser Bericht ist kein amtlicher Katasterauszug.`,
  ownerFallback: (country) => `das nationale Kataster von ${country}`,
  viewer: (url) => `Amtlicher Viewer: ${url}`,
};
