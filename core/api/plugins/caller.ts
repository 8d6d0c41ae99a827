import type { ApiKeyRecord } from '../../auth/key-store.js';
import type { Period } from '../../auth/periods.js';

/**
 * Who is calling, as decided by the auth plugin:
 * - `key`: a valid X-API-Key (monthly quota of its tier);
 * - `ip`: no key, admitted by the operator's free per-IP daily allowance;
 * - `local`: auth is off (desktop use) or the path is not metered; no quota.
 */
export type ApiCaller =
  | { kind: 'key'; key: ApiKeyRecord }
  /** `ip`: the address the allowance counts (core/auth/allowance-address.ts: an IPv6 caller's /64). */
  | { kind: 'ip'; ip: string }
  | { kind: 'local' };

/** Units counted in preHandler before the route ran, corrected in onSend. */
export interface QuotaReservation {
  units: number;
  period: Period;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller;
    quotaReservation: QuotaReservation | null;
    /** Set when the quota is used up but a matching If-None-Match may still earn the free 304: the refusal to send otherwise. */
    revalidationOnly: import('../../model/index.js').ServiceError | null;
  }
  interface FastifyReply {
    /**
     * Set by a route to override the quota cost of its 2xx answer, e.g. `reply.quotaCost = 0`
     * for an answer without data (spec Limits: `disponible: false`, empty `/agro`, `/score`
     * without data). Non-2xx answers are free whatever this says.
     */
    quotaCost: number | undefined;
    /**
     * Charges `units` for this answer before the route does the work of it (a batch's result
     * file, one unit per parcel): the spec's 429 when they do not fit in what the caller has left,
     * and nothing done. The answer's own cost (`quotaCost`) is settled as usual when it is sent:
     * units charged beyond it are given back. Nothing happens for a caller without a quota.
     */
    chargeUpFront(units: number): Promise<void>;
  }
}
