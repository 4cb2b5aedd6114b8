import { Link } from 'wouter';
import { useSession } from '../hooks/useSession.ts';

/** The GO rule: members go to the marketplace, everyone else to the guest marketplace. */
export function GoButton() {
  const { loggedIn } = useSession();
  return (
    <Link href={loggedIn ? '/marketplace' : '/guest-marketplace'} className="btn btn-primary btn-go">
      GO
    </Link>
  );
}
