import type { Config } from './config';

type SystemError = Error & { code?: string; path?: string; syscall?: string };

const FOLDER_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC']);

/**
 * The one line `npm start` prints when it cannot start: it names the setting to change. Errors
 * that already name it pass through; system errors from listening and from the data folder are
 * turned into the setting they come from.
 */
export function explainStartError(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'dataDir'> | null,
): string {
  const problem = error as SystemError;
  const message = error instanceof Error ? error.message : String(error);
  if (config && problem.syscall === 'listen') {
    if (problem.code === 'EADDRINUSE')
      return `PORT ${config.port} is in use on ${config.host}: stop the program using it or set PORT to a free port.`;
    if (problem.code === 'EACCES')
      return `PORT ${config.port} needs privileges this user lacks: set PORT to 1024 or above.`;
    if (problem.code === 'EADDRNOTAVAIL')
      return `HOST ${config.host} is not an address of this machine: set HOST to one (127.0.0.1, or 0.0.0.0 for all).`;
  }
  if (config && problem.code && FOLDER_CODES.has(problem.code) && problem.path?.startsWith(config.dataDir)) {
    return `DATA_DIR ${config.dataDir} cannot be written (${problem.code} on ${problem.path}): set DATA_DIR to a folder this user can write.`;
  }
  return message.replace(/\s*\n\s*/g, '; ');
}
