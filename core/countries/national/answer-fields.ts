/**
 * Small readers every live source needs on the answers it decodes, kept in one place so
 * that a data date and a "field of an object" mean the same in every adapter.
 */

/** A decoded JSON value read as an object; anything else (null, array, text) reads as empty. */
export const jsonObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
