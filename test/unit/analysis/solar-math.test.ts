import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { internalRateOfReturn, netPresentValue } from '../../../core/analysis/solar/irr.js';
import { orientationName } from '../../../core/analysis/solar/orientation.js';
import { paybackYears } from '../../../core/analysis/solar/payback.js';
import { parsePvcalcAnswer, pvgisRefusal } from '../../../core/analysis/solar/pvgis-answer.js';
import { installableKw, solarGrade } from '../../../core/analysis/solar/solar-estimate.js';
import { DEFAULT_SOLAR_PRICES } from '../../../core/analysis/solar/solar-prices.js';
import { fixture } from '../../helpers/paths.js';

const analysisFixtures = fixture('analysis');

describe('PVGIS PVcalc answer (real recording)', () => {
  const raw = readFileSync(path.join(analysisFixtures, 'pvgis_pvcalc_31.23_121.47_fixed_slope0_SolarPrice-Insight.json'), 'utf8');

  it('reads E_y, H(i)_y, slope and azimuth as the file holds them', () => {
    // Independent reading of the same fields by regular expression on the raw text.
    const eY = Number(/"E_y":([\d.]+)/.exec(raw)![1]);
    const hY = Number(/"H\(i\)_y":([\d.]+)/.exec(raw)![1]);
    expect(eY).toBe(1146.63);
    const parsed = parsePvcalcAnswer(JSON.parse(raw))!;
    expect(parsed.specificYieldKwhPerKw).toBeCloseTo(eY / 1.0, 10); // recorded for peak_power 1.0
    expect(parsed.irradiationKwhPerM2).toBe(hY);
    expect(parsed.slopeDeg).toBe(0);
    expect(parsed.azimuthDeg).toBe(0);
    expect(parsed.radiationDb).toBe('PVGIS-ERA5');
  });

  it('refuses bodies without totals and recognises the 400 refusal', () => {
    expect(parsePvcalcAnswer({ inputs: {}, outputs: {} })).toBeUndefined();
    expect(parsePvcalcAnswer(null)).toBeUndefined();
    expect(pvgisRefusal(400, { message: 'Location over the sea. Please, select another location', status: 400 })).toMatch(/sea/);
    expect(pvgisRefusal(200, JSON.parse(raw))).toBeUndefined();
  });
});

describe('IRR and payback', () => {
  it('IRR of two equal returns matches the closed-form root of the quadratic', () => {
    // 100 = 60x + 60x², x = 1/(1+r)  →  x = (−60 + √(60² + 4·60·100)) / (2·60)
    const x = (-60 + Math.sqrt(60 * 60 + 4 * 60 * 100)) / 120;
    expect(internalRateOfReturn([-100, 60, 60])).toBeCloseTo(1 / x - 1, 8);
  });

  it('IRR of a 25-year annuity matches the annuity formula and zeroes the NPV', () => {
    const rate = 0.07;
    const payment = 1000;
    const price = (payment * (1 - (1 + rate) ** -25)) / rate; // present value of the annuity at 7 %
    const flows = [-price, ...Array(25).fill(payment)];
    const irr = internalRateOfReturn(flows);
    expect(irr).toBeCloseTo(rate, 8);
    expect(Math.abs(netPresentValue(irr, flows))).toBeLessThan(1e-4);
  });

  it('NaN when the flows never repay the investment', () => {
    expect(internalRateOfReturn([-100, -1, -1])).toBeNaN();
  });

  it('payback interpolates within the year and is infinite when never reached', () => {
    expect(paybackYears([-1000, 300, 300, 300, 300])).toBeCloseTo(10 / 3, 10);
    expect(paybackYears([-1000, 100, 100])).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('solar assumptions', () => {
  it('orientation names follow PVGIS azimuth (0 south, 90 west, −90 east)', () => {
    expect(orientationName(0)).toBe('Sur');
    expect(orientationName(90)).toBe('Oeste');
    expect(orientationName(-90)).toBe('Este');
    expect(orientationName(180)).toBe('Norte');
    expect(orientationName(-45)).toBe('Sureste');
  });

  it('installable power is area × share × W/m², capped', () => {
    expect(installableKw(100, true, DEFAULT_SOLAR_PRICES)).toBeCloseTo(100 * 0.5 * 0.2, 10);
    expect(installableKw(1e6, false, DEFAULT_SOLAR_PRICES)).toBe(DEFAULT_SOLAR_PRICES.capKw);
  });

  it('grade is 0 at 800 kWh/kWp, 10 at 1800 and linear between', () => {
    expect(solarGrade(700)).toBe(0);
    expect(solarGrade(1300)).toBe(5);
    expect(solarGrade(2000)).toBe(10);
  });
});
