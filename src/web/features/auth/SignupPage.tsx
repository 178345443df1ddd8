import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { COUNTRIES } from '../../../core/auth/countries';
import { type RegisterInput, registerSchema } from '../../../core/auth/schemas';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { AuthCard, PRODUCT_NAME, authStyles as styles } from './AuthCard';
import { failureMessage, register } from './api';

export function SignupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { country: '' as RegisterInput['country'] },
  });
  const { errors, isSubmitting } = form.formState;

  if (session.status === 'signed-in') return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const { accessToken } = await register(input);
      session.signIn(accessToken);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(failureMessage(failure));
    }
  });

  return (
    <AuthCard title={`Sign Up For ${PRODUCT_NAME}`}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className={styles.row}>
          <TextField
            label="Contact Number"
            type="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            error={errors.contactNumber?.message}
            {...form.register('contactNumber')}
          />
          <SelectField label="Country" error={errors.country?.message} {...form.register('country')}>
            <option value="">Select a country</option>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FormError message={error} />
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? 'Signing up…' : 'Sign Up'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/login">Already have an account? Log In</Link>
      </div>
    </AuthCard>
  );
}
