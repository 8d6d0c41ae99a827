import { refusalData, type OfflineFileFailure } from '../model/index.js';

/** The English text of an update or removal of an area the copy does not hold. */
export const noOfflineArea = (id: string) => `The copy holds no offline area ${id}.`;

/** An update's failure for an area the copy does not hold (removed meanwhile): named by reason, as the removal's refusal is. */
export const noOfflineAreaFailure = (id: string): OfflineFileFailure => ({
  file: id,
  url: '',
  message: noOfflineArea(id),
  data: refusalData('NO_OFFLINE_AREA', { id }),
});
