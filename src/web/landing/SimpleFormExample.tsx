import type { FormEvent } from 'react';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import styles from './SimpleFormExample.module.css';

/** SPEC 2 and DESIGN 9: variant 7 keeps the old product's demo form; its button does nothing. */
export function SimpleFormExample() {
  const ignore = (event: FormEvent) => event.preventDefault();
  return (
    <section className={styles.card} aria-labelledby="simple-form-example">
      <h2 id="simple-form-example" className={styles.title}>
        Simple Form Example
      </h2>
      <p className={styles.note}>A plain form, kept here as a demo of the field styles.</p>
      <form className={styles.form} onSubmit={ignore} aria-labelledby="simple-form-example" noValidate>
        <TextField label="Email" type="email" name="demo-email" placeholder="you@store.com" />
        <Button type="submit" variant="secondary">
          Log In
        </Button>
      </form>
    </section>
  );
}
