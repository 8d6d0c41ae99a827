import type { ReportText } from './report-text.js';

export const es: ReportText = {
  heading: 'INFORME DE PARCELA CATASTRAL',
  documentTitle: (ref) => `Informe de la parcela ${ref}`,
  generated: (when) => `Generado el ${when} UTC`,
  fields: {
    refCatastral: 'Referencia catastral', pais: 'País', direccion: 'Dirección', codigoPostal: 'Código postal', municipio: 'Municipio',
    provincia: 'Provincia', poligonoParcela: 'Polígono / parcela', paraje: 'Paraje', latitud: 'Latitud (centroide)',
    longitud: 'Longitud (centroide)', uso: 'Uso', clase: 'Clase', superficieParcela: 'Superficie de la parcela', superficieConstruida: 'Superficie construida',
    anioConstruccion: 'Año de construcción', coefParticipacion: 'Coeficiente de participación', participacion: 'Participación', escalera: 'Escalera',
    planta: 'Planta', puerta: 'Puerta', dataSource: 'Origen de los datos', dataDate: 'Fecha de los datos', attribution: 'Titular de los datos', mapsUrl: 'Enlace al mapa',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'copia local del catastro nacional', local_clone: 'copia local del catastro nacional', catastro: 'consultado en directo al catastro nacional', notStated: 'no consta' },
  sections: { parcel: 'Parcela', units: 'Inmuebles de la finca', outline: (n) => `Contorno (WGS84, lon / lat), vértices: ${n}`, hazards: 'Riesgos y análisis (ya calculados)' },
  moreVertices: (n) => `… y ${n} más: exporte GeoJSON o GeoPackage para el contorno completo.`,
  units: {
    count: 'Inmuebles', totalBuilt: 'Superficie construida total',
    needsConnection: 'La lista de inmuebles procede del Catastro, al que no se pudo consultar (sin conexión).',
    failed: 'No se pudo leer la lista de inmuebles del Catastro.',
    copyKnows: 'La copia local sabe:', use: 'Uso', builtArea: 'Superficie construida', year: 'Año de construcción',
    dwellings: 'Viviendas declaradas', buildingUnits: 'Inmuebles declarados',
  },
  neighboursUnavailable: 'Parcelas colindantes no dibujadas: no se pudo consultar al catastro.',
  protectedAreas: {
    label: 'Espacios protegidos', noLayer: 'ninguna capa importada', none: 'ninguno se superpone',
    inside: (pct) => `dentro; hasta el ${pct} % de la parcela`, overlaps: (pct) => `se superpone; hasta el ${pct} % de la parcela`,
  },
  groundMotion: {
    label: 'Movimiento del suelo (EGMS)',
    noLayerLoaded: 'no hay capa de movimiento del suelo cargada para esta zona',
    noReflector: 'ningún reflector de satélite en esta parcela (hay datos cargados cerca)',
    summary: (c, v, period) => `${c}; vertical ${v} mm/año (${period})`,
    detail: (worst, sub, cov) => `peor ${worst}; hundimiento máx. ${sub} mm/año; ${cov} % cubierto`,
    classes: {
      severe_subsidence: 'hundimiento grave', moderate_subsidence: 'hundimiento moderado', slight_subsidence: 'hundimiento leve', stable: 'estable',
      slight_uplift: 'elevación leve', moderate_uplift: 'elevación moderada', severe_uplift: 'elevación grave',
    },
  },
  solar: {
    label: 'Solar (PVGIS)', noData: 'sin datos en este punto',
    summary: (kwh, kwp, irr) => `${kwh} kWh/año con ${kwp} kWp; irradiación ${irr} kWh/m²/año`,
    detail: (saving, payback, co2) => `ahorro ${saving} €/año; amortización ${payback} años; ${co2} kg CO2/año evitados`,
  },
  scale: (d) => `Escala 1:${d} (A4)`,
  footerSource: (date, source) => `Fecha de los datos ${date} · Origen: ${source}`,
  footerOwner: (owner) => `© ${owner}. Datos tal como los publica su titular; este informe no es una certificación catastral.`,
  ownerFallback: (country) => `el catastro nacional de ${country}`,
  viewer: (url) => `Visor oficial: ${url}`,
};
