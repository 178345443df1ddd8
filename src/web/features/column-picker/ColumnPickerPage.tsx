import { CAN_EDIT } from '../../../core/access/levels';
import { ComponentGate, useComponentLevel } from '../access/gates';
import { useColumnHeaders, useSavedSelection } from './api';
import { ColumnPicker } from './ColumnPicker';
import styles from './ColumnPicker.module.css';

function ColumnPickerLoader() {
  const headers = useColumnHeaders();
  const selection = useSavedSelection();
  const canEditVisible = useComponentLevel('column-picker.visible-columns') >= CAN_EDIT;

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
      <ComponentGate path="column-picker">{() => <ColumnPickerLoader />}</ComponentGate>
    </section>
  );
}
