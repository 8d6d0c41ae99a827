import type { ReportText } from './report-text.js';

export const it: ReportText = {
  heading: 'RAPPORTO DELLA PARTICELLA CATASTALE',
  documentTitle: (ref) => `Rapporto della particella ${ref}`,
  generated: (when) => `Generato il ${when} UTC`,
  fields: {
    refCatastral: 'Riferimento catastale', pais: 'Paese', direccion: 'Indirizzo', codigoPostal: 'CAP', municipio: 'Comune',
    provincia: 'Provincia', poligonoParcela: 'Polígono / parcela', paraje: 'Località (paraje)', latitud: 'Latitudine (centroide)',
    longitud: 'Longitudine (centroide)', uso: 'Uso', clase: 'Classe', superficieParcela: 'Superficie della particella', superficieConstruida: 'Superficie costruita',
    anioConstruccion: 'Anno di costruzione', coefParticipacion: 'Quota di proprietà della finca', participacion: 'Quota', escalera: 'Scala',
    planta: 'Piano', puerta: 'Porta', dataSource: 'Origine dei dati', dataDate: 'Data dei dati', attribution: 'Titolare dei dati', mapsUrl: 'Link alla mappa',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'copia locale del catasto nazionale', local_clone: 'copia locale del catasto nazionale', catastro: 'letto in tempo reale dal catasto nazionale', notStated: 'non indicata' },
  sections: { parcel: 'Particella', units: 'Unità della finca', outline: (n) => `Contorno (WGS84, lon / lat), vertici: ${n}`, hazards: 'Rischi e analisi (già calcolati)' },
  moreVertices: (n) => `… e altri ${n}: esporti GeoJSON o GeoPackage per il contorno completo.`,
  units: {
    count: 'Unità', totalBuilt: 'Superficie costruita totale',
    needsConnection: 'L’elenco delle unità viene dal Catastro, che non è stato possibile interrogare (nessuna connessione).',
    failed: 'Non è stato possibile leggere l’elenco delle unità dal Catastro.',
    copyKnows: 'La copia locale riporta:', use: 'Uso', builtArea: 'Superficie costruita', year: 'Anno di costruzione',
    dwellings: 'Abitazioni dichiarate', buildingUnits: 'Unità immobiliari dichiarate',
  },
  neighboursUnavailable: 'Particelle confinanti non disegnate: non è stato possibile interrogare il catasto.',
  protectedAreas: {
    label: 'Aree protette', noLayer: 'nessun livello importato', none: 'nessuna si sovrappone',
    inside: (pct) => `all’interno; fino al ${pct} % della particella`, overlaps: (pct) => `si sovrappone; fino al ${pct} % della particella`,
  },
  groundMotion: {
    label: 'Movimenti del suolo (EGMS)',
    noLayerLoaded: 'nessun livello di movimenti del suolo caricato per questa zona',
    noReflector: 'nessun riflettore satellitare su questa particella (dati caricati nelle vicinanze)',
    summary: (c, v, period) => `${c}; verticale ${v} mm/anno (${period})`,
    detail: (worst, sub, cov) => `peggiore ${worst}; subsidenza max ${sub} mm/anno; ${cov} % coperto`,
    classes: {
      severe_subsidence: 'subsidenza forte', moderate_subsidence: 'subsidenza moderata', slight_subsidence: 'subsidenza lieve', stable: 'stabile',
      slight_uplift: 'sollevamento lieve', moderate_uplift: 'sollevamento moderato', severe_uplift: 'sollevamento forte',
    },
  },
  solar: {
    label: 'Solare (PVGIS)', noData: 'nessun dato in questo punto',
    summary: (kwh, kwp, irr) => `${kwh} kWh/anno da ${kwp} kWp; irraggiamento ${irr} kWh/m²/anno`,
    detail: (saving, payback, co2) => `risparmio ${saving} €/anno; rientro ${payback} anni; ${co2} kg CO2/anno evitati`,
  },
  scale: (d) => `Scala 1:${d} (A4)`,
  footerSource: (date, source) => `Data dei dati ${date} · Origine: ${source}`,
  footerOwner: (owner) => `© ${owner}. Dati come pubblicati dal titolare; questo rapporto non è una visura catastale certificata.`,
  ownerFallback: (country) => `il catasto nazionale di ${country}`,
  viewer: (url) => `Visualizzatore ufficiale: ${url}`,
};
