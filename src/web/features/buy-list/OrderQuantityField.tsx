import { useEffect, useState } from 'react';
import { casePackHint, casePackOptions } from '../../../core/buy-list/buy-list';
import type { BuyListLine } from '../../../core/buy-list/schemas';
import { formatNumber } from '../../../core/restock/formatters';
import styles from './BuyListPage.module.css';

type Props = {
  line: BuyListLine;
  onChange: (orderQuantity: number | null) => void;
};

const WHOLE = /^\d{1,10}$/;

/**
 * The order quantity: typed and committed on Enter or leaving the field (blank = the
 * recommendation), with the nearest whole case packs one click away.
 */
export function OrderQuantityField({ line, onChange }: Props) {
  const shown = String(line.orderQuantity);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);

  const commit = () => {
    const text = draft.trim();
    if (text === '') {
      if (line.isCustomQuantity) onChange(null);
      else setDraft(shown);
      return;
    }
    if (!WHOLE.test(text)) {
      setDraft(shown);
      return;
    }
    const quantity = Number(text);
    if (quantity !== line.orderQuantity) onChange(quantity);
  };

  const hint = casePackHint(line.orderQuantity, line.casePack);
  const options = casePackOptions(line.orderQuantity, line.casePack);

  return (
    <div className={styles.quantity}>
      <input
        className={styles.quantityInput}
        type="text"
        inputMode="numeric"
        aria-label={`Order quantity of ${line.msku}`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setDraft(shown);
        }}
      />
      {line.isCustomQuantity ? (
        <button
          type="button"
          className={styles.linkButton}
          aria-label={`Use the recommended ${formatNumber(line.recommendedQuantity)} for ${line.msku}`}
          onClick={() => onChange(null)}
        >
          reset
        </button>
      ) : null}
      {hint && options.length > 0 ? (
        <span className={styles.hint}>
          case of {formatNumber(line.casePack)}:{' '}
          {options.map((option, index) => (
            <span key={option}>
              {index > 0 ? ' or ' : null}
              <button
                type="button"
                className={styles.linkButton}
                aria-label={`Order ${formatNumber(option)} of ${line.msku}`}
                onClick={() => onChange(option)}
              >
                {formatNumber(option)}
              </button>
            </span>
          ))}
        </span>
      ) : hint ? (
        <span className={styles.hint}>{hint}</span>
      ) : null}
    </div>
  );
}
