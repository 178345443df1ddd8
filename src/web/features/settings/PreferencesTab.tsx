import { useTheme } from '../../app/theme-context';
import { Button } from '../../ui/Button';
import styles from './SettingsLayout.module.css';

/** SPEC 2: the Preferences placeholder list; the theme already works. */
export function PreferencesTab() {
  const { theme, toggleTheme } = useTheme();
  return (
    <div className={styles.section}>
      <h2>Preferences</h2>
      <ul>
        <li>
          Theme: {theme === 'dark' ? 'Dark' : 'Light'}{' '}
          <Button variant="secondary" onClick={toggleTheme}>
            Switch to {theme === 'dark' ? 'light' : 'dark'}
          </Button>
        </li>
        <li>Column ordering: drag the restock table's headers, or choose columns on the Test page.</li>
        <li>Notifications in-app (coming soon)</li>
        <li>Notifications by email (coming soon)</li>
      </ul>
    </div>
  );
}
