import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AccountSummary, addMemberSchema, alreadyMemberMessage } from '../../core/account/members';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { assertNotBreached } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { badRequest, conflict, notFound } from '../http/errors';
import { hitRateLimit } from '../http/rate-limit';
import { parseBody, parseInput } from '../http/validate';
import { findAccount, inviteMember, listMembers, removeMember } from './queries';

const HOUR_MS = 3600_000;

const memberIdSchema = z.object({ id: z.uuid('Unknown member') });

export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, limits, requireAuth } = deps;
  const adminOnly = { preHandler: [requireAuth, requirePermission(db, 'members.manage')] };

  app.get('/api/account', { preHandler: requireAuth }, async (request): Promise<AccountSummary> => {
    const account = await findAccount(db, currentUser(request).accountId);
    if (!account) throw notFound();
    return {
      id: account.id,
      name: account.name,
      marketplaceSellerId: account.marketplaceSellerId,
      createdAt: account.createdAt.toISOString(),
    };
  });

  app.get('/api/account/members', adminOnly, async (request) =>
    listMembers(db, currentUser(request).accountId),
  );

  app.post('/api/account/members', adminOnly, async (request, reply) => {
    const input = parseBody(addMemberSchema, request.body);
    await assertNotBreached(input.password);
    const { accountId } = currentUser(request);
    await hitRateLimit(db, `add-member:account:${accountId}`, limits.addMemberPerHour, HOUR_MS, now());
    const member = await inviteMember(db, accountId, {
      fullName: input.fullName,
      email: input.email,
      passwordHash: await hashPassword(input.password),
    });
    if (!member) throw conflict(alreadyMemberMessage(input.email));
    return reply.status(201).send(member);
  });

  app.delete('/api/account/members/:id', adminOnly, async (request, reply) => {
    const { id } = parseInput(memberIdSchema, request.params);
    const user = currentUser(request);
    if (id === user.id) throw badRequest('You cannot remove yourself');
    // DESIGN 6: another account's member answers 404, like a member that does not exist.
    if (!(await removeMember(db, user.accountId, id))) throw notFound('Member not found');
    return reply.status(204).send();
  });
}
