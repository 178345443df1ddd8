/**
 * True when a lazy page failed because its file is gone: after a redeploy the old page asks for
 * chunk names the server no longer has. Browsers word it differently; a reload fetches the new build.
 */
export function isStaleBuildError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message) ||
    /Unable to preload CSS/i.test(message)
  );
}
