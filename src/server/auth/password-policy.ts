import { isBreachedPassword } from '../../core/auth/breached-passwords';
import { COMMON_PASSWORD_MESSAGE } from '../../core/auth/schemas';
import { badRequest } from '../http/errors';

/** The server's last check of a new password, after the shared schema: the breached list. */
export async function assertNotBreached(password: string): Promise<void> {
  if (await isBreachedPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}
