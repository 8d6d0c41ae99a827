// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEscapeDeselect } from '../../../../renderer/app/use-escape-deselect.js';
import { USelection } from '../../../../renderer/state/selection.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { useToolStore } from '../../../../renderer/tools/tool-store.js';

const initialApp = useAppStore.getState();
const initialTools = useToolStore.getState();
beforeEach(() => {
  useAppStore.setState(initialApp, true);
  useToolStore.setState(initialTools, true);
});
afterEach(cleanup);

function Harness() {
  useEscapeDeselect();
  return null;
}

describe('Escape on the map', () => {
  it('while measuring ends the measure and keeps the selected parcel (a second Escape drops it)', () => {
    render(<Harness />);
    useAppStore.getState().select(USelection.single('40146A00405051'));
    useToolStore.getState().setMode('measure-distance');
    useToolStore.getState().setPoints([
      [-4.4707, 41.0599],
      [-4.4698, 41.0601],
    ]);

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useToolStore.getState().mode).toBe('none');
    expect(useToolStore.getState().points).toEqual([]);
    expect(USelection.ref(useAppStore.getState().selection)).toBe('40146A00405051');

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useAppStore.getState().selection).toEqual(USelection.none());
  });

  it('with no tool active drops the selection, as before', () => {
    render(<Harness />);
    useAppStore.getState().select(USelection.single('40146A00405051'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useAppStore.getState().selection).toEqual(USelection.none());
  });
});
