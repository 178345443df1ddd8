import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EarlyAccessSignup } from '../../../core/early-access/schema';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { downloadSignupsCsv, fetchSignups, signupsQueryKey } from './api';
import styles from './EarlyAccessAdminPage.module.css';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'An error occurred. Please try again.';

function SignupsTable({ signups }: { signups: EarlyAccessSignup[] }) {
  if (signups.length === 0) return <p className={styles.empty}>No signups yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Signed up</th>
            <th scope="col">Full Name</th>
            <th scope="col">Email</th>
            <th scope="col" className={styles.number}>
              Monthly Revenue
            </th>
            <th scope="col" className={styles.number}>
              Active ASINs
            </th>
            <th scope="col">Page</th>
          </tr>
        </thead>
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.id}>
              <td>{when.format(new Date(signup.createdAt))}</td>
              <td>{signup.fullName}</td>
              <td>{signup.email}</td>
              <td className={styles.number}>{usd.format(signup.monthlyRevenue)}</td>
              <td className={styles.number}>{count.format(signup.asinCount)}</td>
              <td>{signup.landingVariant ? `Page ${signup.landingVariant}` : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Staff page (dev role): the early-access signups, newest first, and their CSV export. */
export function EarlyAccessAdminPage() {
  const { user } = useSession();
  // The server checks the role on every call; this only spares others a request that would fail.
  const isDev = user?.role === 'dev';
  const signups = useQuery({ queryKey: signupsQueryKey, queryFn: fetchSignups, enabled: isDev });
  const [isDownloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadSignupsCsv();
    } catch (error) {
      setDownloadError(errorText(error));
    } finally {
      setDownloading(false);
    }
  }

  if (!isDev) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>Early access</h1>
        <p className={styles.empty}>Only the Replen team can see early-access signups.</p>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Early access</h1>
          <p className={styles.subtitle}>
            {signups.data
              ? `${count.format(signups.data.length)} signups, newest first`
              : 'Signups, newest first'}
          </p>
        </div>
        <Button onClick={download} disabled={isDownloading}>
          {isDownloading ? 'Downloading…' : 'Download CSV'}
        </Button>
      </header>
      {downloadError ? (
        <p className={styles.error} role="alert">
          {downloadError}
        </p>
      ) : null}
      {signups.isPending ? <p>Loading...</p> : null}
      {signups.isError ? (
        <p className={styles.error} role="alert">
          {errorText(signups.error)}
        </p>
      ) : null}
      {signups.data ? <SignupsTable signups={signups.data} /> : null}
    </section>
  );
}
