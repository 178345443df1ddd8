import { CsvImporter } from './CsvImporter';
import styles from './csv-import.module.css';

/** SPEC 2: /settings/temp-csv-import hosts the importer alone, outside the restock table. */
export function TempCsvImportPage() {
  return (
    <section className={styles.page}>
      <h2 className={styles.pageTitle}>Temp CSV Import</h2>
      <CsvImporter />
    </section>
  );
}
