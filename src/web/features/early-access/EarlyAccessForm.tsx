import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import {
  type EarlyAccessField,
  type EarlyAccessFormErrors,
  type EarlyAccessFormValues,
  EMPTY_EARLY_ACCESS_FORM,
  earlyAccessFormErrors,
  filterAsinCount,
  filterFullName,
  filterMonthlyRevenue,
  formatAsinCount,
  formatFullName,
  formatMonthlyRevenue,
  type LandingVariant,
  toEarlyAccessRequest,
} from '../../../core/early-access/form-input';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { sendEarlyAccessSignup } from './api';
import styles from './EarlyAccessForm.module.css';

// SPEC 5: what typing keeps, and what blur shows, per field.
const FILTERS: Record<EarlyAccessField, (value: string) => string> = {
  fullName: filterFullName,
  email: (value) => value,
  monthlyRevenue: filterMonthlyRevenue,
  asinCnt: filterAsinCount,
};
const BLUR_FORMATS: Record<EarlyAccessField, (value: string) => string> = {
  fullName: formatFullName,
  email: (value) => value.trim(),
  monthlyRevenue: formatMonthlyRevenue,
  asinCnt: formatAsinCount,
};

type Props = {
  /** The landing page the signup came from, stored with it. */
  variant: LandingVariant;
  /** 'grid' puts the fields two by two on wide screens. */
  layout?: 'stack' | 'grid';
  submitLabel?: string;
};

/** SPEC 4 and 5: the early-access signup form; success replaces it with a thank-you panel. */
export function EarlyAccessForm({ variant, layout = 'stack', submitLabel = 'Get early access' }: Props) {
  const titleId = useId();
  const [values, setValues] = useState<EarlyAccessFormValues>(EMPTY_EARLY_ACCESS_FORM);
  const [errors, setErrors] = useState<EarlyAccessFormErrors>({});
  // Errors show on submit, then are re-checked on every change (as the other forms do, SPEC 4).
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);

  function update(next: EarlyAccessFormValues) {
    setValues(next);
    if (wasSubmitted) setErrors(earlyAccessFormErrors(next));
  }

  const onChange = (field: EarlyAccessField) => (event: ChangeEvent<HTMLInputElement>) =>
    update({ ...values, [field]: FILTERS[field](event.target.value) });
  const onBlur = (field: EarlyAccessField) => () => {
    const shown = BLUR_FORMATS[field](values[field]);
    if (shown !== values[field]) update({ ...values, [field]: shown });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWasSubmitted(true);
    const found = earlyAccessFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setFailure(null);
    const outcome = await sendEarlyAccessSignup(toEarlyAccessRequest(values, variant));
    setSending(false);
    if (outcome.ok) setDone(true);
    else setFailure(outcome.message);
  }

  if (isDone) {
    return (
      <section className={styles.success} role="status" aria-labelledby={titleId}>
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h3 id={titleId} className={styles.successTitle}>
          Thank you for signing up!
        </h3>
        <p className={styles.successText}>We look forward to helping you maximize your business</p>
      </section>
    );
  }

  const field = (name: EarlyAccessField) => ({
    value: values[name],
    error: errors[name],
    onChange: onChange(name),
    onBlur: onBlur(name),
  });

  return (
    <form
      className={`${styles.form} ${layout === 'grid' ? styles.grid : ''}`}
      aria-label="Early access signup"
      onSubmit={onSubmit}
      noValidate
    >
      <TextField label="Full Name" autoComplete="name" placeholder="Jordan Rivers" {...field('fullName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@store.com"
        {...field('email')}
      />
      <TextField
        label="Monthly Revenue"
        inputMode="decimal"
        placeholder="$50,000.00"
        {...field('monthlyRevenue')}
      />
      <TextField label="Active ASIN Count" inputMode="numeric" placeholder="1,250" {...field('asinCnt')} />
      <div className={styles.actions}>
        <Button type="submit" block disabled={isSending} className={styles.submit}>
          {isSending ? 'Signing you up…' : submitLabel}
        </Button>
        <p className={styles.fineprint}>Free beta · No card needed</p>
      </div>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
