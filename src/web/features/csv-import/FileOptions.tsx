import { useId } from 'react';
import { DELIMITER_LABELS } from '../../../core/csv-import/delimiter';
import { ENCODING_LABELS, TEXT_ENCODINGS, type TextEncodingName } from '../../../core/csv-import/encoding';
import { MARKETPLACES, marketplaceLabel } from '../../../core/marketplace/marketplaces';
import styles from './import-steps.module.css';
import type { CsvImportState } from './use-csv-import';

const DECIMAL_LABELS = { '.': '1,234.56', ',': '1.234,56' } as const;

/** How the file is read and what blanks do: encoding, number format, inactive rows, blank cells. */
export function FileOptions({
  state,
  onEncoding,
}: {
  state: CsvImportState;
  onEncoding: (encoding: TextEncodingName) => void;
}) {
  const { file } = state;
  const encodingId = useId();
  const decimalId = useId();
  const marketId = useId();
  if (!file) return null;
  const detected = file.detectedDecimal ? ` (found ${DECIMAL_LABELS[file.detectedDecimal]})` : '';
  return (
    <div className={styles.options}>
      <label className={styles.option} htmlFor={encodingId}>
        Text encoding
        <select
          id={encodingId}
          value={file.encoding}
          onChange={(event) => onEncoding(event.target.value as TextEncodingName)}
        >
          {TEXT_ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {ENCODING_LABELS[encoding]}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.option}>Columns separated by {DELIMITER_LABELS[file.delimiter]}s</span>
      <label className={styles.option} htmlFor={decimalId}>
        Numbers written as
        <select
          id={decimalId}
          value={state.decimalChoice}
          onChange={(event) => state.setDecimalChoice(event.target.value as typeof state.decimalChoice)}
        >
          <option value="auto">Detect{detected}</option>
          <option value=".">{DECIMAL_LABELS['.']}</option>
          <option value=",">{DECIMAL_LABELS[',']}</option>
        </select>
      </label>
      {state.mapping.marketplace === null ? (
        <label className={styles.option} htmlFor={marketId}>
          Marketplace of this file
          <select
            id={marketId}
            value={state.marketChoice}
            onChange={(event) => state.setMarketChoice(event.target.value)}
          >
            <option value="auto">
              {state.detectedMarket
                ? `Detect (${marketplaceLabel(state.detectedMarket)})`
                : 'Detect (none found)'}
            </option>
            <option value="">Not set: each product keeps its own</option>
            {MARKETPLACES.map((market) => (
              <option key={market.countryCode} value={market.countryCode}>
                {marketplaceLabel(market)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span className={styles.option}>Marketplace from column “{state.mapping.marketplace}”</span>
      )}
      {state.currency && state.mapping.currency === null ? (
        <span className={styles.option}>Amounts in {state.currency}</span>
      ) : null}
      {file.report?.rowFilter ? (
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={state.skipFiltered}
            onChange={(event) => state.setSkipFiltered(event.target.checked)}
          />
          {file.report.rowFilter.label}
        </label>
      ) : null}
      <label className={styles.option} title="Off: a blank cell leaves the stored value as it is">
        <input
          type="checkbox"
          checked={state.blanks === 'clear'}
          onChange={(event) => state.setBlanks(event.target.checked ? 'clear' : 'keep')}
        />
        Blank cells clear the field
      </label>
    </div>
  );
}
