import type { Role } from '../../core/roles';

/** SPEC 2: side navigation entries with their minimum role. */
export const SIDE_NAV_ENTRIES: ReadonlyArray<{ path: string; label: string; minRole: Role; icon: string }> = [
  { path: '/dashboard', label: 'Dashboard', minRole: 'admin', icon: '▦' },
  { path: '/restock', label: 'Restock', minRole: 'admin', icon: '⟳' },
  { path: '/buy-list', label: 'Buy List', minRole: 'admin', icon: '☰' },
  { path: '/repository', label: 'Repository', minRole: 'admin', icon: '▤' },
  { path: '/lead-tracker', label: 'Lead Tracker', minRole: 'admin', icon: '◎' },
  { path: '/test', label: 'Test', minRole: 'admin', icon: '⚑' },
  { path: '/contact-us', label: 'Help', minRole: 'user', icon: '?' },
  { path: '/settings', label: 'Settings', minRole: 'user', icon: '⚙' },
];

/** SPEC 2: the account dropdown (Log Out is handled by the menu itself). */
export const ACCOUNT_MENU_LINKS = [
  { path: '/settings', label: 'Settings' },
  { path: '/tutorials', label: 'Tutorials/Learning' },
  { path: '/contact-us', label: 'Contact Us' },
] as const;
