import type { CatastroClient } from '../client/catastro-client.js';
import type { MapClick } from '../map/map-controller.js';
import { selectParcelAt } from '../parcel/select-parcel.js';
import { useToolStore } from './tool-store.js';

/** A map click: a tool in use takes it; shift-click picks a parcel for a multi-parcel export; else it identifies (the lookup returned). */
export function handleMapClick(client: CatastroClient, click: MapClick): Promise<void> | undefined {
  const tools = useToolStore.getState();
  if (tools.mode !== 'none') return undefined;
  if (click.shift) {
    if (click.parcel) tools.togglePicked(click.parcel);
    return undefined;
  }
  return selectParcelAt(client, click, true);
}
