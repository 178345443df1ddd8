import { Link } from 'react-router';

/** The public landing variants; the full pages arrive with the public-site issue. */
export function LandingPage() {
  return (
    <main style={{ padding: 24 }}>
      <h1>Replen</h1>
      <p>Can't live without it</p>
      <Link to="/signup">Sign Up</Link> · <Link to="/login">Log In</Link>
    </main>
  );
}
