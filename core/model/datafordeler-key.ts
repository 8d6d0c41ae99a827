/**
 * Denmark's Datafordeler API key as Settings shows it: whether one is configured and where from.
 * Never the key itself: once saved it stays in the main process.
 */
export interface DatafordelerKeyView {
  configured: boolean;
  /** Set by the CATASTRO_DK_DATAFORDELER_API_KEY environment variable, which Settings cannot change. */
  fromEnvironment: boolean;
  /** The system can keep a secret encrypted for this user (Electron safeStorage); without it Settings cannot save a key. */
  canStore: boolean;
}
