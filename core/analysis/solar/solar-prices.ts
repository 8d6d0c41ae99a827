/**
 * Assumptions of the solar estimate. Every figure is configuration (`AnalysisSourcesConfig.prices`),
 * not data: the defaults are round, documented orders of magnitude for a small self-consumption
 * installation in southern Europe, chosen so that results are comparable between parcels.
 */
export interface SolarPrices {
  /** Peak power per m² of module (a 400 Wp module measures about 2 m²). */
  wattsPerM2: number;
  /** Share of the area that can carry modules: roofs lose edges, shade and equipment; ground mounts lose row spacing. */
  usableShareUrban: number;
  usableShareRustic: number;
  /** Largest installation proposed (kWp): the self-consumption scale the economics below describe. */
  capKw: number;
  /** Turnkey installation cost per kWp (EUR). */
  installCostEurPerKw: number;
  /** Yearly operation and maintenance, EUR per kWp. */
  maintenanceEurPerKwYear: number;
  /** Share of the production consumed on site (the rest is exported). */
  selfConsumptionShare: number;
  /** Retail electricity price avoided by self-consumption (EUR/kWh). */
  retailEurPerKwh: number;
  /** Compensation for exported surplus (EUR/kWh). */
  surplusEurPerKwh: number;
  /** Yearly loss of module output (fraction). */
  degradationPerYear: number;
  /** Life of the installation for returns and IRR (years). */
  lifetimeYears: number;
  /** CO2 avoided per kWh produced (kg/kWh): an assumed grid-mix factor. */
  gridCo2KgPerKwh: number;
}

export const DEFAULT_SOLAR_PRICES: SolarPrices = {
  wattsPerM2: 200,
  usableShareUrban: 0.5,
  usableShareRustic: 0.4,
  capKw: 100,
  installCostEurPerKw: 1200,
  maintenanceEurPerKwYear: 15,
  selfConsumptionShare: 0.4,
  retailEurPerKwh: 0.2,
  surplusEurPerKwh: 0.06,
  degradationPerYear: 0.005,
  lifetimeYears: 25,
  gridCo2KgPerKwh: 0.25,
};
