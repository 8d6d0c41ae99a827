import type { ReportText } from './report-text.js';

export const nl: ReportText = {
  heading: 'RAPPORT KADASTRAAL PERCEEL',
  documentTitle: (ref) => `Perceelrapport ${ref}`,
  generated: (when) => `Gemaakt op ${when} UTC`,
  fields: {
    refCatastral: 'Kadastrale aanduiding', pais: 'Land', direccion: 'Adres', codigoPostal: 'Postcode', municipio: 'Gemeente',
    provincia: 'Provincie', poligonoParcela: 'Polígono / parcela', paraje: 'Veldnaam (paraje)', latitud: 'Breedtegraad (zwaartepunt)',
    longitud: 'Lengtegraad (zwaartepunt)', uso: 'Gebruik', clase: 'Klasse', superficieParcela: 'Perceeloppervlakte', superficieConstruida: 'Bebouwde oppervlakte',
    anioConstruccion: 'Bouwjaar', coefParticipacion: 'Aandeel in de finca', participacion: 'Aandeel', escalera: 'Trap',
    planta: 'Verdieping', puerta: 'Deur', dataSource: 'Gegevensbron', dataDate: 'Datum van de gegevens', attribution: 'Eigenaar van de gegevens', mapsUrl: 'Kaartlink',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'lokale kopie van het nationale kadaster', local_clone: 'lokale kopie van het nationale kadaster', catastro: 'actueel gelezen bij het nationale kadaster', notStated: 'niet vermeld' },
  sections: { parcel: 'Perceel', units: 'Eenheden van de finca', outline: (n) => `Omtrek (WGS84, lon / lat), hoekpunten: ${n}`, hazards: 'Risico’s en analyses (al berekend)' },
  moreVertices: (n) => `… en nog ${n}: exporteer GeoJSON of GeoPackage voor de volledige omtrek.`,
  units: {
    count: 'Eenheden', totalBuilt: 'Totale bebouwde oppervlakte',
    needsConnection: 'De lijst van eenheden komt van het Catastro, dat niet bereikt kon worden (geen verbinding).',
    failed: 'De lijst van eenheden kon niet bij het Catastro gelezen worden.',
    copyKnows: 'De lokale kopie weet:', use: 'Gebruik', builtArea: 'Bebouwde oppervlakte', year: 'Bouwjaar',
    dwellings: 'Opgegeven woningen', buildingUnits: 'Opgegeven eenheden',
  },
  neighboursUnavailable: 'Buurpercelen niet getekend: het kadaster kon niet bereikt worden.',
  protectedAreas: {
    label: 'Beschermde gebieden', noLayer: 'geen laag geïmporteerd', none: 'geen overlap',
    inside: (pct) => `binnen; tot ${pct} % van het perceel`, overlaps: (pct) => `overlapt; tot ${pct} % van het perceel`,
  },
  groundMotion: {
    label: 'Bodembeweging (EGMS)',
    noLayerLoaded: 'geen bodembewegingslaag geladen voor dit gebied',
    noReflector: 'geen satellietreflector op dit perceel (er zijn gegevens in de buurt geladen)',
    summary: (c, v, period) => `${c}; verticaal ${v} mm/jaar (${period})`,
    detail: (worst, sub, cov) => `slechtste ${worst}; max. daling ${sub} mm/jaar; ${cov} % gedekt`,
    classes: {
      severe_subsidence: 'sterke daling', moderate_subsidence: 'matige daling', slight_subsidence: 'lichte daling', stable: 'stabiel',
      slight_uplift: 'lichte stijging', moderate_uplift: 'matige stijging', severe_uplift: 'sterke stijging',
    },
  },
  solar: {
    label: 'Zonne-energie (PVGIS)', noData: 'geen gegevens op dit punt',
    summary: (kwh, kwp, irr) => `${kwh} kWh/jaar uit ${kwp} kWp; instraling ${irr} kWh/m²/jaar`,
    detail: (saving, payback, co2) => `besparing ${saving} €/jaar; terugverdientijd ${payback} jaar; ${co2} kg CO2/jaar vermeden`,
  },
  scale: (d) => `Schaal 1:${d} (A4)`,
  footerSource: (date, source) => `Datum van de gegevens ${date} · Bron: ${source}`,
  footerOwner: (owner) => `© ${owner}. Gegevens zoals gepubliceerd door de eigenaar; dit rapport is geen gewaarmerkt kadastraal uittreksel.`,
  ownerFallback: (country) => `het nationale kadaster van ${country}`,
  viewer: (url) => `Officiële viewer: ${url}`,
};
