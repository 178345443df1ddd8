import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client';
import styles from './RestockGrid.module.css';

export const EDIT_FAILED_MESSAGE = 'Failed to update data. Please try again.';

/** SPEC 9: the toast of a refused edit, with the server's reason under it when it gave one. */
export function showEditRefused(error: unknown): void {
  const reason = error instanceof ApiError && error.hasServerMessage ? error.message : null;
  toast.error(
    <div>
      <div>{EDIT_FAILED_MESSAGE}</div>
      {reason ? <div className={styles.toastReason}>{reason}</div> : null}
    </div>,
  );
}
