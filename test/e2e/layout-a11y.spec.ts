import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SAMPLE_PARCEL, URBAN_PARCEL, expect, mapIdle, screenshot, search, test } from './support/app.js';

/** Serious and critical WCAG A/AA findings of axe-core on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('accessibility (item 8)', () => {
  test('axe-core finds no serious violation on the start page, a selected parcel with its units, and Settings', async ({ app }) => {
    expect(await seriousViolations(app)).toEqual([]);
    await search(app, URBAN_PARCEL.ref);
    await expect(app.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
    await app.getByTestId('run-analysis').click();
    await expect(app.getByTestId('ground-motion-summary')).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    await app.getByRole('button', { name: 'Settings' }).click();
    expect(await seriousViolations(app)).toEqual([]);
  });

  test('a keyboard user picks the parcel at the centre with Enter, its neighbour with an arrow key, and deselects with one Escape', async ({ app, appUrl }) => {
    await app.evaluate(({ longitude, latitude }) => window.__catastroMap!.jumpTo({ center: [longitude, latitude], zoom: 17 }), SAMPLE_PARCEL);
    await mapIdle(app);
    await app.locator('.maplibregl-canvas').focus();
    await app.keyboard.press('Enter');
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
    await mapIdle(app);

    await app.keyboard.press('ArrowRight');
    const neighbour = app.getByTestId('parcel-ref');
    await expect(neighbour).not.toHaveText(SAMPLE_PARCEL.ref);
    await expect(neighbour).toHaveText(/^40146A\d{8}$/);
    // The neighbour lies east: its outline reaches further east than the picked parcel's centre.
    const outline = async (ref: string) => (await (await app.request.get(`${appUrl}/api/catastro/${ref}`)).json()).data.poligono as [number, number][];
    const east = Math.max(...(await outline((await neighbour.textContent())!)).map(([lon]) => lon));
    expect(east).toBeGreaterThan(SAMPLE_PARCEL.longitude);

    await app.keyboard.press('Escape');
    await expect(app.getByTestId('parcel-ref')).toHaveCount(0);
  });

  test("the borders of the app's own text fields, selects and bordered buttons stand out 3:1 from what surrounds them (WCAG 1.4.11)", async ({ app }) => {
    await search(app, URBAN_PARCEL.ref);
    await expect(app.getByTestId('parcel-ref')).toHaveText(URBAN_PARCEL.ref);
    const weak = await app.evaluate(() => {
      const rgba = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const channel = (v: number) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const contrast = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      /** The first opaque background behind an element (the page's when none). */
      const backgroundBehind = (element: Element | null): number[] => {
        for (let e = element; e; e = e.parentElement) {
          const color = rgba(getComputedStyle(e).backgroundColor);
          if (color.length === 3 || color[3] > 0.9) return color.slice(0, 3);
        }
        return [255, 255, 255];
      };
      const found: string[] = [];
      let checked = 0;
      // The map library's own controls are left out: their look is MapLibre's.
      for (const control of Array.from(document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=range]), select, textarea, button'))) {
        if (control.closest('.maplibregl-ctrl') || !(control as HTMLElement).offsetParent) continue;
        const style = getComputedStyle(control);
        if (style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0 || rgba(style.borderTopColor)[3] === 0) continue;
        checked++;
        const ratio = contrast(rgba(style.borderTopColor).slice(0, 3), backgroundBehind(control.parentElement));
        if (ratio < 3)
          found.push(
            `${control.tagName.toLowerCase()}${control.getAttribute('aria-label') ? ` "${control.getAttribute('aria-label')}"` : ` "${control.textContent?.trim().slice(0, 20)}"`}: ${ratio.toFixed(2)}:1`,
          );
      }
      return { found, checked };
    });
    // The search box, the country select and the panel's buttons at least.
    expect(weak.checked).toBeGreaterThanOrEqual(5);
    expect(weak.found).toEqual([]);
  });

  test('the Copy button sits outside the heading', async ({ app }) => {
    await search(app, SAMPLE_PARCEL.ref);
    const heading = app.getByRole('heading', { level: 2 }).filter({ hasText: SAMPLE_PARCEL.ref });
    await expect(heading).toBeVisible();
    await expect(heading.getByRole('button')).toHaveCount(0);
    await expect(app.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  });
});

test.describe('layout (item 7)', () => {
  test('at 1024×700 the layer panel folds, and opened with a legend it does not cover the selected parcel; attribution and scale bar never overlap', async ({
    app,
  }) => {
    await app.setViewportSize({ width: 1024, height: 700 });
    await app.reload();
    await app.waitForFunction(() => window.__catastroMap?.loaded() === true);
    await expect(app.getByTestId('layer-panel-toggle')).toHaveAttribute('aria-expanded', 'false');
    await app.getByTestId('layer-panel-toggle').click();
    await app.getByTestId('layer-protectedAreas').check();
    await app.getByTestId('layer-groundMotion').check();
    await search(app, SAMPLE_PARCEL.ref);
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
    await mapIdle(app);

    const mapBox = (await app.getByTestId('map').boundingBox())!;
    const panelBox = (await app.getByTestId('layer-panel').boundingBox())!;
    const parcel = await app.evaluate(
      (outline) => {
        const map = window.__catastroMap!;
        const points = outline.map(([lon, lat]) => map.project([lon, lat]));
        const xs = points.map((p) => p.x);
        const ys = points.map((p) => p.y);
        return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
      },
      await app.evaluate(async (ref) => (await (await fetch(`/api/catastro/${ref}`)).json()).data.poligono as [number, number][], SAMPLE_PARCEL.ref),
    );
    const parcelOnPage = { ...parcel, x: parcel.x + mapBox.x, y: parcel.y + mapBox.y };
    expect(overlap(parcelOnPage, panelBox), 'the selected parcel is not under the layer panel').toBe(false);

    const scale = (await app.locator('.maplibregl-ctrl-scale').boundingBox())!;
    const attribution = (await app.locator('.maplibregl-ctrl-attrib').boundingBox())!;
    expect(overlap(scale, attribution), 'attribution over the scale bar').toBe(false);
    await screenshot(app, 'layout-01-1024x700');
  });

  test('at 1920 px the map takes the width and the side panel stays readable', async ({ app }) => {
    await app.setViewportSize({ width: 1920, height: 1080 });
    await search(app, SAMPLE_PARCEL.ref);
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
    const panel = (await app.getByTestId('parcel-panel').boundingBox())!;
    expect(panel.width).toBeLessThanOrEqual(600);
    expect(panel.width).toBeGreaterThanOrEqual(380);
    const scale = (await app.locator('.maplibregl-ctrl-scale').boundingBox())!;
    const attribution = (await app.locator('.maplibregl-ctrl-attrib').boundingBox())!;
    expect(overlap(scale, attribution)).toBe(false);
    await screenshot(app, 'layout-02-1920');
  });
});
