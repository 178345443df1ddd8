import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { demoProducts } from '../../core/restock/demo-products';
import { hashPassword } from '../auth/passwords';
import { createAccountWithOwner, findUserByEmail } from '../auth/queries';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { users } from '../db/schema';
import { replaceProducts } from '../restock/seed';
import { demoInstructions } from './demo-instructions';

const DEMO_EMAIL = 'demo@replen.example';
const DEMO_PRODUCTS = 300;

/**
 * `npm run seed:demo`: a demo account with 300 realistic products (mixed suppliers, some out of
 * stock, some without sales or cost). Run again to reset it; a new password is printed each time.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const password = process.env.DEMO_PASSWORD ?? `Demo-${randomBytes(9).toString('base64url')}`;
    const passwordHash = await hashPassword(password);
    let owner = await findUserByEmail(database.db, DEMO_EMAIL);
    if (owner) {
      await database.db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(sql`${users.id} = ${owner.id}`);
    } else {
      owner =
        (await createAccountWithOwner(database.db, {
          fullName: 'Demo Seller',
          email: DEMO_EMAIL,
          contactNumber: '555-010-2030',
          country: 'USA',
          passwordHash,
        })) ?? undefined;
    }
    if (!owner) throw new Error('Could not create the demo account');
    await replaceProducts(database.db, owner.accountId, demoProducts(DEMO_PRODUCTS));
    for (const line of demoInstructions(config, { email: DEMO_EMAIL, password, products: DEMO_PRODUCTS })) {
      console.log(line);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
