import { sql } from 'drizzle-orm';
import { isRole, ROLES } from '../../core/roles';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { users } from '../db/schema';

/** `npm run user:role -- <email> <role>`: sets a user's role and ends their sessions. */
async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !isRole(role)) {
    console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const updated = await database.db
      .update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(sql`lower(${users.email}) = lower(${email})`)
      .returning({ id: users.id });
    if (updated.length === 0) {
      console.error(`No user with the email ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(
        `${email} is now ${role}; their sessions were ended so the new role applies at the next log-in.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
