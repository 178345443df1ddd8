import type { Permission } from '../../core/access/permissions';

/**
 * SPEC 2: side navigation entries. An entry with a permission shows exactly when the user holds
 * it (DESIGN 9); the others lead to pages with nothing to protect and show to everyone.
 */
export const SIDE_NAV_ENTRIES: ReadonlyArray<{
  path: string;
  label: string;
  permission?: Permission;
  icon: string;
}> = [
  { path: '/dashboard', label: 'Dashboard', icon: '▦' },
  { path: '/restock', label: 'Restock', permission: 'restock.view', icon: '⟳' },
  { path: '/buy-list', label: 'Buy List', permission: 'buy-list.view', icon: '☰' },
  { path: '/repository', label: 'Repository', icon: '▤' },
  { path: '/lead-tracker', label: 'Lead Tracker', icon: '◎' },
  { path: '/test', label: 'Test', permission: 'column-picker.view', icon: '⚑' },
  { path: '/contact-us', label: 'Help', icon: '?' },
  { path: '/settings', label: 'Settings', icon: '⚙' },
];

/** SPEC 2: the account dropdown (Log Out is handled by the menu itself). */
export const ACCOUNT_MENU_LINKS = [
  { path: '/settings', label: 'Settings' },
  { path: '/tutorials', label: 'Tutorials/Learning' },
  { path: '/contact-us', label: 'Contact Us' },
] as const;
