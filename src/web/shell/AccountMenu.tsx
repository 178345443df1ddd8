import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { ACCOUNT_MENU_LINKS } from './navigation';
import styles from './PrivateLayout.module.css';

export function AccountMenu({ fullName }: { fullName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [isOpen]);

  const logOut = async () => {
    setOpen(false);
    await session.signOut();
    navigate('/login', { replace: true });
  };

  return (
    <div className={styles.account} ref={container}>
      <button
        type="button"
        className={styles.accountButton}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setOpen((open) => !open)}
      >
        {fullName} <span aria-hidden="true">▾</span>
      </button>
      {isOpen ? (
        <div className={styles.menu} role="menu">
          {ACCOUNT_MENU_LINKS.map((link) => (
            <Link
              key={link.label}
              role="menuitem"
              className={styles.menuItem}
              to={link.path}
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          ))}
          <button type="button" role="menuitem" className={styles.menuItem} onClick={() => void logOut()}>
            Log Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
