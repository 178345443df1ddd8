import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { type LoginInput, loginSchema } from '../../../core/auth/schemas';
import { useSession } from '../../lib/session';
import { storeToken } from '../../lib/token-storage';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { AuthCard, authStyles as styles } from './AuthCard';
import { failureMessage, login } from './api';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  // SPEC 4: errors show on submit and are re-checked on change afterwards.
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  if (session.status === 'signed-in') return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { accessToken } = await login(input);
      session.signIn(accessToken);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
    } catch (failure) {
      // SPEC 4: a failed log-in clears any token and shows the server message, or 'Login failed'.
      storeToken(null);
      setError(failureMessage(failure, 'Login failed'));
    }
  });

  return (
    <AuthCard title="Log In">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormError message={error} />
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Log In'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/signup">Don't have an account? Sign Up</Link>
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
    </AuthCard>
  );
}
