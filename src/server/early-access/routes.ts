import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../core/access/permissions';
import { signupsToCsv } from '../../core/csv';
import { earlyAccessRequestSchema } from '../../core/early-access/schema';
import type { AppDeps } from '../app-deps';
import { currentUser, requireAuth } from '../auth/guard';
import { forbidden } from '../http/errors';
import { hitRateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { addSignupIfNew, listSignups } from './queries';

const HOUR_MS = 3600_000;
export const SIGNUP_THANKS_MESSAGE = 'Thank you for signing up!';
export const DEV_ONLY_MESSAGE = 'Only the Replen team can see early-access signups';

/** The signup list is for staff: the `dev` role, read from the database on every request. */
function assertDev(request: FastifyRequest): void {
  // A role rule: the access map is not consulted, so none is loaded.
  const { role } = currentUser(request);
  if (!can({ role, accessMap: {}, dev: false }, 'early-access.view')) throw forbidden(DEV_ONLY_MESSAGE);
}

export function earlyAccessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, jwtSecret, now, limits } = deps;
  const signedIn = requireAuth(db, jwtSecret, now);

  // SPEC 7 and DESIGN 6: 201 for a new email; a repeated one answers 200 and changes nothing.
  app.post('/api/early-access', async (request, reply) => {
    await hitRateLimit(db, `early-access:ip:${request.ip}`, limits.earlyAccessPerHour, HOUR_MS, now());
    const input = parseBody(earlyAccessRequestSchema, request.body);
    const isNew = await addSignupIfNew(db, input);
    return reply.status(isNew ? 201 : 200).send({ message: SIGNUP_THANKS_MESSAGE });
  });

  app.get('/api/early-access', { preHandler: signedIn }, async (request) => {
    assertDev(request);
    return { signups: await listSignups(db) };
  });

  app.get('/api/early-access.csv', { preHandler: signedIn }, async (request, reply) => {
    assertDev(request);
    const day = new Date(now()).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="early-access-signups-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(signupsToCsv(await listSignups(db)));
  });
}
