import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isoSeconds } from '../../auth/periods.js';
import type { IpQuotaAccounts, KeyQuotaAccounts, QuotaState } from '../../auth/quota.js';
import { ServiceError } from '../../model/index.js';
import { errorBody } from '../envelope.js';
import type { ApiCaller } from './caller.js';
import type { UnitsPage } from '../../model/index.js';
import { BODY_PRICED_ROUTES, ROUTES } from './paths.js';
import { routeAccess } from './route-access.js';
import { quotaCost } from './quota-cost.js';
import { cutUnitsPage } from './units-page-cut.js';

export interface QuotaPluginOptions {
  ledger: KeyQuotaAccounts;
  /**
   * Routes answering 304 to a matching If-None-Match (the ETag plugin's): there an exhausted key
   * still gets its free 304 (spec: a 304 costs nothing), and a 429 only if the data changed.
   */
  revalidatableRoutes?: ReadonlySet<string>;
  /** The free per-IP daily allowance, when the operator enabled one (auth plugin `freeTier`). */
  ipAllowance?: IpQuotaAccounts;
}

/** What a caller with no quota (auth off) sees in `searchesRemaining`: unlimited. */
export const UNLIMITED_SEARCHES = -1;

const RESERVED_UNITS = 1;

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.includes('json');
}

/** A parsed units page envelope (the body the units route sent). */
const isUnitsEnvelope = (body: unknown): body is { data: UnitsPage } =>
  typeof body === 'object' && body !== null && Array.isArray((body as { data?: { unidades?: unknown } }).data?.unidades);

/** Replaces the answer being sent with an error's envelope: its status, JSON, no headers of the data. */
function answerInstead(reply: FastifyReply, error: ServiceError): string {
  reply.code(error.status).type('application/json; charset=utf-8');
  dropRepresentationHeaders(reply);
  reply.removeHeader('content-disposition');
  return JSON.stringify(errorBody(error.code, error.message, error.data));
}

/** The headers that described the body being replaced: its tag, its caching and its length. */
function dropRepresentationHeaders(reply: FastifyReply): void {
  for (const name of ['etag', 'cache-control', 'content-length']) reply.removeHeader(name);
}

/** A JSON success envelope as fastify serialized it (`success` is always its first key). */
const isSuccessEnvelope = (payload: unknown): payload is string =>
  typeof payload === 'string' && payload.startsWith('{"success":true') && payload.endsWith('}');

/** Adds `searchesRemaining` to a serialized envelope without parsing it again (hot path). */
const withSearchesRemaining = (payload: string, remaining: number) => `${payload.slice(0, -1)},"searchesRemaining":${remaining}}`;

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** The 429 of a caller (a key, or a free-tier address) whose allowance is used up. */
export function allowanceUsedUp(kind: 'key' | 'ip', state: QuotaState): ServiceError {
  if (kind === 'ip') {
    return new ServiceError(
      'DAILY_LIMIT_REACHED',
      `The free daily allowance of ${state.limit} requests for this address is used up; it resets at ${isoSeconds(state.period.resetsAt)}. Use an API key for more.`,
    );
  }
  return new ServiceError(
    'KEY_AUTH_004',
    `The monthly quota of this key (${state.limit} requests) is used up; it resets at ${isoSeconds(state.period.resetsAt)}.`,
  );
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
 * The units of an answer beyond the reserved one are charged only if they fit (atomic, like
 * admission). A /units page that costs more than the units left is cut to what is left
 * (truncated, with nextCursor to go on); any other dearer answer (a file of N parcels) is
 * refused with the 429. So a key never goes past its quota.
 */
async function quotaPlugin(app: FastifyInstance, options: QuotaPluginOptions): Promise<void> {
  const { ledger, ipAllowance } = options;
  app.decorateReply('quotaCost', undefined);
  app.decorateRequest('quotaReservation', null);
  app.decorateRequest('revalidationOnly', null);

  const reserve = async (request: FastifyRequest): Promise<QuotaState | undefined> => {
    const caller = request.apiCaller;
    if (caller?.kind === 'key') return ledger.charge(caller.key.id, RESERVED_UNITS, caller.key.monthlyQuota);
    if (caller?.kind === 'ip' && ipAllowance) return ipAllowance.charge(caller.ip, RESERVED_UNITS);
    return undefined;
  };

  /** Applies `cost` (the reserved units are already counted) and returns the state after it. */
  const settle = async (request: FastifyRequest, cost: number): Promise<QuotaState | undefined> => {
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

  /** Charges `units` beyond the caller's reservation, in its period, only if they fit (atomic). */
  const chargeMore = async (request: FastifyRequest, units: number): Promise<QuotaState> => {
    const caller = request.apiCaller;
    const period = request.quotaReservation!.period;
    if (caller.kind === 'key') return ledger.chargeMore(caller.key.id, units, caller.key.monthlyQuota, period);
    if (caller.kind === 'ip' && ipAllowance) return ipAllowance.chargeMore(caller.ip, units, period);
    throw new Error('quota: chargeMore on a caller without an allowance');
  };

  const quotaRefusal = (request: FastifyRequest, state: QuotaState) => allowanceUsedUp(request.apiCaller.kind === 'ip' ? 'ip' : 'key', state);

  /** The 429 of an answer dearer than what the caller has left (a file of many parcels). */
  const costRefusal = (request: FastifyRequest, cost: number, left: number, resetsAt: Date): ServiceError => {
    const [who, when, code] =
      request.apiCaller.kind === 'ip' ? ['this address has', 'today', 'DAILY_LIMIT_REACHED' as const] : ['this key has', 'this month', 'KEY_AUTH_004' as const];
    return new ServiceError(
      code,
      `This answer costs ${cost} units (one per parcel it holds) and ${who} ${left} left ${when}; ask for fewer parcels, or wait for the reset at ${isoSeconds(resetsAt)}.`,
    );
  };

  /** Whether this request's caller has an allowance to count (a key, or an address under the free tier). */
  const isMetered = (caller: ApiCaller | null | undefined) => caller?.kind === 'key' || (caller?.kind === 'ip' && ipAllowance !== undefined);

  // The hooks are callback style and answer synchronously for a caller nothing is counted for
  // (auth off, open routes): they run on every request, and an async hook costs a promise and a
  // microtask turn each.
  app.addHook('preHandler', (request, _reply, done) => {
    // A handler that hands over to the not-found handler (reply.callNotFound: the OPTIONS route of
    // --cors-origin, plugins/cors.ts) runs its preHandlers again: a request is admitted once, else
    // the first unit would never be given back.
    if (!isMetered(request.apiCaller) || request.quotaReservation) return done();
    admit(request).then(() => done(), done);
  });

  const admit = async (request: FastifyRequest) => {
    const state = await reserve(request);
    if (!state) return;
    if (!state.accepted) {
      if (request.headers['if-none-match'] && options.revalidatableRoutes?.has(request.routeOptions.url ?? '')) {
        request.revalidationOnly = quotaRefusal(request, state);
        return;
      }
      throw quotaRefusal(request, state);
    }
    request.quotaReservation = { units: RESERVED_UNITS, period: state.period, settled: false };
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.revalidationOnly || isMetered(request.apiCaller)) {
      settleAndMark(request, reply, payload).then((marked) => done(null, marked), done);
      return;
    }
    if (routeAccess(request) === 'open') return done(null, payload);
    done(null, isJson(reply) && isSuccessEnvelope(payload) ? withSearchesRemaining(payload, UNLIMITED_SEARCHES) : payload);
  });

  /** onSend of a metered call (or a refused revalidation): the cost settled, the quota headers and `searchesRemaining`. */
  const settleAndMark = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const caller = request.apiCaller;
    const refusal = request.revalidationOnly;
    if (refusal && reply.statusCode !== 304) {
      // The quota is used up and the client's copy is stale: the answer is the 429, not the data.
      payload = answerInstead(reply, refusal);
    }
    const metered = isMetered(caller);
    let remaining = UNLIMITED_SEARCHES;
    if (metered) {
      // Only routes whose price depends on the answer pay for parsing it.
      const route = request.routeOptions.url;
      const body = route && BODY_PRICED_ROUTES.has(route) && isJson(reply) ? parseJson(payload) : undefined;
      let cost = quotaCost({ route, status: reply.statusCode, body, override: reply.quotaCost, headOnly: request.method === 'HEAD' });
      const reservation = request.quotaReservation;
      if (reservation && !reservation.settled && cost > reservation.units) {
        ({ payload, cost } = await chargeDearAnswer(request, reply, payload, body, cost));
      }
      const state = (await settle(request, cost))!;
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
  };

  /**
   * An answer dearer than the unit reserved on admission: the units beyond it are charged only
   * if they fit, in one atomic step, so concurrent answers (other requests, other server
   * processes on the same counter) never spend the same units left twice. A units page that
   * does not fit is cut to what is left (truncated, with nextCursor to go on: a cut page is not
   * the resource's representation, so no ETag); any other answer (a file of N parcels) becomes
   * the 429 of a used-up allowance, and costs nothing.
   */
  const chargeDearAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    body: unknown,
    cost: number,
  ): Promise<{ payload: unknown; cost: number }> => {
    const reservation = request.quotaReservation!;
    // Each refusal lowers the cost below what was refused, so this ends.
    for (;;) {
      const more = await chargeMore(request, cost - reservation.units);
      if (more.accepted) {
        reservation.units = cost;
        return { payload, cost };
      }
      const affordable = more.remaining + reservation.units;
      if (request.routeOptions.url !== ROUTES.units || !isUnitsEnvelope(body)) {
        return { payload: answerInstead(reply, costRefusal(request, cost, affordable, more.period.resetsAt)), cost: 0 };
      }
      body.data = cutUnitsPage(body.data, affordable);
      payload = JSON.stringify(body);
      dropRepresentationHeaders(reply);
      cost = body.data.unidades.length;
      if (cost <= reservation.units) return { payload, cost };
    }
  };

  app.decorateReply('chargeUpFront', async function chargeUpFront(this: FastifyReply, units: number) {
    const request = this.request;
    const reservation = request.quotaReservation;
    if (!reservation || reservation.settled || units <= reservation.units) return;
    const more = await chargeMore(request, units - reservation.units);
    if (!more.accepted) throw costRefusal(request, units, more.remaining + reservation.units, more.period.resetsAt);
    reservation.units = units;
  });

  const giveBack = async (request: FastifyRequest) => {
    if (request.quotaReservation && !request.quotaReservation.settled) await settle(request, 0);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.quotaReservation) return done();
    giveBack(request).then(() => done(), done);
  });
  app.addHook('onRequestAbort', giveBack);
}

export default fp(quotaPlugin, { fastify: '5.x', name: 'catastro-quota', dependencies: ['catastro-auth'] });
