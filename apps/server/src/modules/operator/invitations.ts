import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationInput,
  adminMessages,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InviteUserInput,
  MARKET_TIME_ZONE,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { type DirectMail, enqueueMail } from '../mail/outbox.service.ts';
import { insertInvitedAccount, setInvitedPassword } from '../users/account-states.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { recordOperatorAction } from './audit-log.service.ts';
import { invitationsRepository as repo } from './invitations.repository.ts';
import { operatorRepository } from './operator.repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The invitation e-mail: the link to choose a password, and until when it works. */
function invitationMail(email: string, userId: number, link: string, expiresAt: Date): DirectMail {
  const until = expiresAt.toLocaleDateString('es-CO', {
    day: 'numeric',
    month: 'long',
    timeZone: MARKET_TIME_ZONE,
  });
  return {
    kind: 'invitation',
    to: email,
    userId,
    title: 'Te invitaron a Coleccionables',
    message: `Tienes una invitación para unirte al mercado de coleccionables. Elige tu contraseña para activar tu cuenta; el enlace vence el ${until}.`,
    link,
  };
}

/** Only the hash of an invitation token is stored: a copy of the database opens no account. */
function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Accounts opened by invitation: the operator invites, the person chooses a password. */
export function createInvitations(ctx: AppContext, users: UsersService) {
  const { db, clock, config } = ctx;
  return {
    /**
     * Creates the account without a password and a one-time link (7 days) where the person
     * chooses one. Only the token's hash is kept; the link is answered once, here.
     */
    async invite(operatorId: number, input: InviteUserInput, origin: string) {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      try {
        const userId = await db.transaction().execute(async (trx) => {
          const taken = await repo.findTakenNames(trx, input.email, input.username);
          if (taken.some((u) => u.email.toLowerCase() === input.email.toLowerCase())) {
            throw conflict('EMAIL_TAKEN', adminMessages.emailTaken);
          }
          if (taken.length > 0) throw conflict('USERNAME_TAKEN', adminMessages.usernameTaken);
          const invitedId = await insertInvitedAccount(trx, {
            email: input.email,
            username: input.username,
            isSeller: input.is_seller,
            now,
          });
          await repo.insertInvitation(trx, {
            userId: invitedId,
            tokenHash: invitationTokenHash(token),
            createdBy: operatorId,
            now,
            expiresAt,
          });
          await enqueueMail(
            trx,
            [invitationMail(input.email, invitedId, `${origin}/invite/${token}`, expiresAt)],
            now,
          );
          await recordOperatorAction(trx, {
            actorId: operatorId,
            action: 'invite',
            targetType: 'user',
            targetId: invitedId,
            targetLabel: `${input.username} <${input.email}>`,
            note: input.is_seller ? 'vendedor' : null,
            at: now,
          });
          return invitedId;
        });
        return {
          message: adminMessages.invitationCreated,
          user_id: userId,
          invite_url: `${origin}/invite/${token}`,
          expires_at: expiresAt.toISOString(),
        };
      } catch (error) {
        // Another operator invited the same e-mail or username at the same moment.
        if (isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', adminMessages.emailTaken);
        throw error;
      }
    },

    async invitation(token: string): Promise<Invitation> {
      const row = await repo.findInvitation(db, invitationTokenHash(token));
      if (!row) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
      if (row.used_at) throw new AppError('INVITATION_USED', 410, adminMessages.invitationUsed);
      if (row.expires_at.getTime() <= clock.now().getTime()) {
        throw new AppError('INVITATION_EXPIRED', 410, adminMessages.invitationExpired);
      }
      return { email: row.email, username: row.username, expires_at: row.expires_at.toISOString() };
    },

    /** Sets the password, spends the link (once, even when sent twice at once) and logs in. */
    async acceptInvitation(token: string, input: AcceptInvitationInput) {
      const found = await repo.findInvitation(db, invitationTokenHash(token));
      if (!found) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
      // Hashed before the transaction: scrypt takes a fifth of a second.
      const passwordHash = await hashPassword(input.new_password, config.PASSWORD_HASH_COST);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const invitation = await repo.lockInvitation(trx, found.id);
        if (!invitation || invitation.used_at) {
          throw new AppError('INVITATION_USED', 410, adminMessages.invitationUsed);
        }
        if (found.expires_at.getTime() <= now.getTime()) {
          throw new AppError('INVITATION_EXPIRED', 410, adminMessages.invitationExpired);
        }
        const user = await operatorRepository.lockUser(trx, found.user_id);
        if (!user) throw notFound('INVITATION_NOT_FOUND', adminMessages.invitationNotFound);
        if (user.suspended_at) throw forbidden('ACCOUNT_SUSPENDED', adminMessages.suspended);
        await repo.spendInvitation(trx, { invitationId: found.id, now });
        await setInvitedPassword(trx, { userId: found.user_id, passwordHash, now });
      });
      return {
        message: adminMessages.invitationAccepted,
        jwt_token: (await users.startSession(found.user_id)).jwt_token,
      };
    },
  };
}
