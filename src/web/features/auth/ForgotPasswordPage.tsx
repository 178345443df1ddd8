import { Link } from 'react-router';
import { AuthCard, authStyles as styles } from './AuthCard';

/** SPEC 2 and DESIGN 9: a placeholder until password reset is built. */
export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot password">
      <p>Better luck next time</p>
      <div className={styles.links}>
        <Link to="/login">Back to Log In</Link>
      </div>
    </AuthCard>
  );
}
