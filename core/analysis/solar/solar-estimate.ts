import type { SolarAvailable } from '../types.js';
import { internalRateOfReturn } from './irr.js';
import { orientationName } from './orientation.js';
import { paybackYears } from './payback.js';
import type { PvgisYield } from './pvgis-answer.js';
import type { SolarPrices } from './solar-prices.js';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Installable peak power (kWp): usable share of the area × module power density, capped. */
export function installableKw(areaM2: number, urban: boolean, prices: SolarPrices): number {
  const share = urban ? prices.usableShareUrban : prices.usableShareRustic;
  return Math.min(prices.capKw, (areaM2 * share * prices.wattsPerM2) / 1000);
}

/**
 * `nota_solar` 0–10 from the specific yield: 800 kWh/kWp·year (a poor northern site) scores 0,
 * 1800 (the best southern European sites) scores 10, linear in between.
 */
export function solarGrade(specificYieldKwhPerKw: number): number {
  return round(Math.min(10, Math.max(0, ((specificYieldKwhPerKw - 800) / 1000) * 10)), 1);
}

/**
 * Yearly cash flows of the installation: index 0 is the investment (negative); year t earns
 * the year-1 savings reduced by module degradation, less maintenance. Prices stay constant,
 * so the IRR is a real (inflation-free) rate.
 */
export function solarCashFlows(kw: number, kwhYear: number, prices: SolarPrices): number[] {
  const cost = kw * prices.installCostEurPerKw;
  const savingsPerKwh = prices.selfConsumptionShare * prices.retailEurPerKwh + (1 - prices.selfConsumptionShare) * prices.surplusEurPerKwh;
  const flows = [-cost];
  for (let year = 1; year <= prices.lifetimeYears; year++) {
    flows.push(kwhYear * (1 - prices.degradationPerYear) ** (year - 1) * savingsPerKwh - kw * prices.maintenanceEurPerKwYear);
  }
  return flows;
}

/** The spec's Solar result from a PVGIS yield and the parcel's area. */
export function estimateSolar(pv: PvgisYield, areaM2: number, urban: boolean, prices: SolarPrices): SolarAvailable {
  const kw = installableKw(areaM2, urban, prices);
  const kwhYear = pv.specificYieldKwhPerKw * kw;
  const cost = kw * prices.installCostEurPerKw;
  const selfConsumed = kwhYear * prices.selfConsumptionShare;
  const surplus = kwhYear - selfConsumed;
  const savings = selfConsumed * prices.retailEurPerKwh + surplus * prices.surplusEurPerKwh;
  const netYearly = savings - kw * prices.maintenanceEurPerKwYear;
  const flows = solarCashFlows(kw, kwhYear, prices);
  const irr = internalRateOfReturn(flows);
  const payback = paybackYears(flows);
  const total = flows.reduce((a, b) => a + b, 0);
  return {
    disponible: true,
    estado: 'ok',
    fuente: `PVGIS (European Commission JRC)${pv.radiationDb ? `, ${pv.radiationDb}` : ''}`,
    kwh_year: round(kwhYear, 0),
    kw_instalables: round(kw, 2),
    ahorro_anual_eur: round(savings, 0),
    // Simple payback on the first year's net income; `economics.payback_anos` follows degradation.
    amortizacion_anos: netYearly > 0 ? round(cost / netYearly, 1) : -1,
    co2_evitado_kg: round(kwhYear * prices.gridCo2KgPerKwh, 0),
    irradiacion_media: pv.irradiationKwhPerM2,
    nota_solar: solarGrade(pv.specificYieldKwhPerKw),
    orientacion_optima: orientationName(pv.azimuthDeg),
    angulo_inclinacion: pv.slopeDeg,
    costo_instalacion_eur: round(cost, 0),
    economics: {
      autoconsumo_kwh_ano: round(selfConsumed, 0),
      excedentes_kwh_ano: round(surplus, 0),
      ingreso_neto_anual_eur: round(netYearly, 0),
      // -1 where the installation never pays back (JSON has no Infinity/NaN).
      payback_anos: Number.isFinite(payback) ? round(payback, 1) : -1,
      tir_pct: Number.isFinite(irr) ? round(irr * 100, 2) : -1,
      retorno_total_25_anos_eur: round(total, 0),
    },
  };
}
