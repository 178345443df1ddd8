import { PermissionGate } from '../access/gates';
import { useCan } from '../access/use-can';
import { useColumnHeaders, useSavedSelection } from './api';
import { ColumnPicker } from './ColumnPicker';
import styles from './ColumnPicker.module.css';

function ColumnPickerLoader() {
  const headers = useColumnHeaders();
  const selection = useSavedSelection();
  const canEditVisible = useCan('column-picker.edit');

  const failure = headers.error ?? selection.error;
  if (failure) return <p className={styles.error}>Error fetching components: {failure.message}</p>;
  if (!headers.data || !selection.data) return <p>Loading available components...</p>;
  return (
    // A refetched selection (after Save) starts the picker again from what the server kept.
    <ColumnPicker
      key={`${headers.dataUpdatedAt}:${selection.dataUpdatedAt}`}
      allColumns={headers.data}
      savedColumns={selection.data}
      canEditVisible={canEditVisible}
    />
  );
}

/** SPEC 2 /test: the column picker, the component named column-picker (SPEC 6). */
export function ColumnPickerPage() {
  return (
    <section>
      <h1>Column picker</h1>
      <p className={styles.note}>Choose which restock columns you see, and in what order.</p>
      <PermissionGate permission="column-picker.view">
        <ColumnPickerLoader />
      </PermissionGate>
    </section>
  );
}
