import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isoSeconds } from '../../auth/periods.js';
import type { IpDailyAllowance, QuotaLedger, QuotaState } from '../../auth/quota.js';
import { ServiceError } from '../../model/index.js';
import './caller.js';
import { BODY_PRICED_ROUTES } from './paths.js';
import { routeAccess } from './route-access.js';
import { quotaCost } from './quota-cost.js';

export interface QuotaPluginOptions {
  ledger: QuotaLedger;
  /** The free per-IP daily allowance, when the operator enabled one (auth plugin `freeTier`). */
  ipAllowance?: IpDailyAllowance;
}

/** What a caller with no quota (auth off) sees in `searchesRemaining`: unlimited. */
export const UNLIMITED_SEARCHES = -1;

const RESERVED_UNITS = 1;

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.includes('json');
}

/** A JSON success envelope as fastify serialized it (`success` is always its first key). */
const isSuccessEnvelope = (payload: unknown): payload is string =>
  typeof payload === 'string' && payload.startsWith('{"success":true') && payload.endsWith('}');

/** Adds `searchesRemaining` to a serialized envelope without parsing it again (hot path). */
const withSearchesRemaining = (payload: string, remaining: number) =>
  `${payload.slice(0, -1)},"searchesRemaining":${remaining}}`;

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/**
 * Metering of keyed (and free-tier) calls:
 *
 * 1. preHandler — admission: one unit is counted atomically *if it fits* in the month (the
 *    SQLite UPSERT refuses otherwise), before the route does any work. A refused key answers
 *    429 KEY_AUTH_004; a refused IP 429 DAILY_LIMIT_REACHED. Because admission and counting are
 *    one statement, N concurrent requests on a key with R units left admit exactly min(N, R).
 * 2. onSend — settlement: the real cost (quota-cost.ts: 0 for 304/4xx/5xx/no data, the number
 *    of units for /units) replaces the reserved unit in the same period, then the quota headers
 *    are set and `searchesRemaining` is added to JSON success bodies.
 * 3. onResponse / onRequestAbort — a reservation never settled (the reply failed or the client
 *    went away before an answer) is given back.
 *
 * A /units page may cost more than the units left; it is served whole and counted whole, and
 * Remaining shows 0 (the spec counts the units served; cutting the page would break paging).
 */
async function quotaPlugin(app: FastifyInstance, options: QuotaPluginOptions): Promise<void> {
  const { ledger, ipAllowance } = options;
  app.decorateReply('quotaCost', undefined);
  app.decorateRequest('quotaReservation', null);

  const reserve = (request: FastifyRequest): QuotaState | undefined => {
    const caller = request.apiCaller;
    if (caller?.kind === 'key') return ledger.charge(caller.key.id, RESERVED_UNITS, caller.key.monthlyQuota);
    if (caller?.kind === 'ip' && ipAllowance) return ipAllowance.charge(caller.ip, RESERVED_UNITS);
    return undefined;
  };

  /** Applies `cost` (the reserved units are already counted) and returns the state after it. */
  const settle = (request: FastifyRequest, cost: number): QuotaState | undefined => {
    const caller = request.apiCaller;
    const reservation = request.quotaReservation;
    const delta = reservation && !reservation.settled ? cost - reservation.units : 0;
    if (reservation) reservation.settled = true;
    if (caller?.kind === 'key') {
      return reservation
        ? ledger.settle(caller.key.id, delta, caller.key.monthlyQuota, reservation.period)
        : ledger.peek(caller.key.id, caller.key.monthlyQuota);
    }
    if (caller?.kind === 'ip' && ipAllowance) {
      return reservation ? ipAllowance.settle(caller.ip, delta, reservation.period) : ipAllowance.peek(caller.ip);
    }
    return undefined;
  };

  app.addHook('preHandler', async (request) => {
    const state = reserve(request);
    if (!state) return;
    if (!state.accepted) {
      if (request.apiCaller.kind === 'ip') {
        throw new ServiceError('DAILY_LIMIT_REACHED', `The free daily allowance of ${state.limit} requests for this address is used up; it resets at ${isoSeconds(state.period.resetsAt)}. Use an API key for more.`);
      }
      throw new ServiceError('KEY_AUTH_004', `The monthly quota of this key (${state.limit} requests) is used up; it resets at ${isoSeconds(state.period.resetsAt)}.`);
    }
    request.quotaReservation = { units: RESERVED_UNITS, period: state.period, settled: false };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.apiCaller;
    const metered = caller?.kind === 'key' || (caller?.kind === 'ip' && ipAllowance !== undefined);
    let remaining = UNLIMITED_SEARCHES;
    if (metered) {
      // Only routes whose price depends on the answer pay for parsing it.
      const route = request.routeOptions.url;
      const body = route && BODY_PRICED_ROUTES.has(route) && isJson(reply) ? parseJson(payload) : undefined;
      const cost = quotaCost({ route, status: reply.statusCode, body, override: reply.quotaCost });
      const state = settle(request, cost)!;
      remaining = state.remaining;
      const reset = isoSeconds(state.period.resetsAt);
      if (caller.kind === 'key') {
        reply.header('X-Quota-Limit', String(state.limit));
        reply.header('X-Quota-Remaining', String(state.remaining));
        reply.header('X-Quota-Reset', reset);
        reply.header('X-Quota-Tier', caller.key.tier);
      }
      reply.header('X-RateLimit-Limit', String(state.limit));
      reply.header('X-RateLimit-Remaining', String(state.remaining));
      reply.header('X-RateLimit-Reset', reset);
    } else if (routeAccess(request) === 'open') {
      return payload;
    }

    return isJson(reply) && isSuccessEnvelope(payload) ? withSearchesRemaining(payload, remaining) : payload;
  });

  const giveBack = async (request: FastifyRequest) => {
    if (request.quotaReservation && !request.quotaReservation.settled) settle(request, 0);
  };
  app.addHook('onResponse', giveBack);
  app.addHook('onRequestAbort', giveBack);
}

export default fp(quotaPlugin, { fastify: '5.x', name: 'catastro-quota', dependencies: ['catastro-auth'] });
