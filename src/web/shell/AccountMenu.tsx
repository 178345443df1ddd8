import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { ACCOUNT_MENU_LINKS } from './navigation';
import styles from './PrivateLayout.module.css';

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

export function AccountMenu({ fullName }: { fullName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Where focus goes when the menu opens: the first item, or the last after ArrowUp on the button.
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!isOpen) return;
    const all = itemsOf(menu.current);
    (focusOnOpen === 'first' ? all[0] : all.at(-1))?.focus();
  }, [isOpen, focusOnOpen]);

  const open = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const closeAndReturn = () => {
    setOpen(false);
    button.current?.focus();
  };

  // The WAI-ARIA menu button pattern: arrows move through the items (wrapping), Home and End jump,
  // Escape closes and gives focus back to the button, Tab closes and moves on.
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        moveTo(at + 1);
        break;
      case 'ArrowUp':
        moveTo(at - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(all.length - 1);
        break;
      case 'Escape':
        closeAndReturn();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      closeAndReturn();
    }
  };

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
        ref={button}
        onClick={() => (isOpen ? setOpen(false) : open('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {fullName} <span aria-hidden="true">▾</span>
      </button>
      {isOpen ? (
        <div className={styles.menu} role="menu" ref={menu} onKeyDown={onMenuKeyDown}>
          {ACCOUNT_MENU_LINKS.map((link) => (
            <Link
              key={link.label}
              role="menuitem"
              className={styles.menuItem}
              tabIndex={-1}
              to={link.path}
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.menuItem}
            onClick={() => void logOut()}
          >
            Log Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
