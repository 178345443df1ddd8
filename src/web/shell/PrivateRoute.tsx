import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** SPEC 2: an unauthenticated visitor to a private route is redirected to /login. */
export function PrivateRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'checking') return <p className="visually-hidden">Loading...</p>;
  if (session.status === 'signed-out')
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
