import type { Config } from '../config';

/**
 * What `seed:demo` prints: where to sign in (the port the app will listen on, from PORT) and with
 * which data, since the app sees the demo account only when it opens the same database.
 */
export function demoInstructions(
  config: Pick<Config, 'port' | 'dataDir' | 'databaseUrl'>,
  login: { email: string; password: string; products: number },
): string[] {
  const database = config.databaseUrl
    ? 'with the same DATABASE_URL'
    : `with the same DATA_DIR (${config.dataDir})`;
  return [
    `Demo account ready with ${login.products} products.`,
    `Start the app (npm start) ${database}, open http://127.0.0.1:${config.port}/login and sign in with:`,
    `  email:    ${login.email}`,
    `  password: ${login.password}`,
  ];
}
