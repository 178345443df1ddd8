import { useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from '../placeholders/Placeholder.module.css';
import { Button } from '../ui/Button';
import { isStaleBuildError } from './stale-build';

export function NotFound() {
  return (
    <main className={styles.placeholder} style={{ padding: 24 }}>
      <h1>Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/">Go to the home page</Link>
    </main>
  );
}

/** SPEC 8: the router's error view, with the details behind Show Error / Hide Error. */
export function RouteError() {
  const error = useRouteError();
  const [isShown, setShown] = useState(false);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isStaleBuildError(error)) {
    return (
      <main className={styles.placeholder} style={{ padding: 24 }}>
        <h1>Replen has been updated</h1>
        <p>This page belongs to the version you opened before the update. Reload to get the new one.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </main>
    );
  }
  const details =
    error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : JSON.stringify(error, null, 2);
  return (
    <main className={styles.placeholder} style={{ padding: 24 }}>
      <h1>Something went wrong!</h1>
      <Button variant="secondary" onClick={() => setShown((shown) => !shown)}>
        {isShown ? 'Hide Error' : 'Show Error'}
      </Button>
      {isShown ? <pre style={{ whiteSpace: 'pre-wrap' }}>{details}</pre> : null}
    </main>
  );
}
