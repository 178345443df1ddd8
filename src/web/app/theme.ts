/** SPEC 3 and 9: the one theme object; CSS custom properties are generated from it. */
export type ThemeName = 'dark' | 'light';

const shared = {
  radius: '8px',
  spacing: { small: '4px', medium: '16px', large: '24px' },
  textSizes: { small: '12px', body: '14px', large: '18px', title: '24px', hero: '44px' },
};

export const themes = {
  dark: {
    name: 'dark' as ThemeName,
    ...shared,
    colors: {
      bg: '#0b1120',
      surface: '#111a2e',
      surfaceAlt: '#17223a',
      border: '#25324d',
      text: '#e6ebf5',
      textMuted: '#94a3b8',
      primary: '#34d399',
      primaryHover: '#6ee7b7',
      primaryText: '#052e22',
      accent: '#60a5fa',
      danger: '#f87171',
      success: '#34d399',
      warning: '#fbbf24',
      emptyCell: 'rgba(248, 113, 113, 0.14)',
      overlay: 'rgba(2, 6, 23, 0.7)',
    },
    shadows: { card: '0 8px 24px rgba(0, 0, 0, 0.35)', popover: '0 12px 32px rgba(0, 0, 0, 0.5)' },
    glow: '0 0 0 3px rgba(52, 211, 153, 0.35)',
  },
  light: {
    name: 'light' as ThemeName,
    ...shared,
    colors: {
      bg: '#f5f7fb',
      surface: '#ffffff',
      surfaceAlt: '#eef2f8',
      border: '#d5dce8',
      text: '#0f172a',
      textMuted: '#526079',
      primary: '#059669',
      primaryHover: '#047857',
      primaryText: '#ffffff',
      accent: '#2563eb',
      danger: '#dc2626',
      success: '#059669',
      warning: '#b45309',
      emptyCell: 'rgba(220, 38, 38, 0.1)',
      overlay: 'rgba(15, 23, 42, 0.45)',
    },
    shadows: { card: '0 6px 18px rgba(15, 23, 42, 0.08)', popover: '0 12px 28px rgba(15, 23, 42, 0.18)' },
    glow: '0 0 0 3px rgba(5, 150, 105, 0.3)',
  },
} as const;

export type Theme = (typeof themes)[ThemeName];

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Flattens a theme into CSS custom properties, e.g. colors.surfaceAlt → --color-surface-alt. */
export function themeToCssVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = {
    '--radius': theme.radius,
    '--glow': theme.glow,
  };
  for (const [key, value] of Object.entries(theme.colors)) variables[`--color-${kebab(key)}`] = value;
  for (const [key, value] of Object.entries(theme.spacing)) variables[`--space-${kebab(key)}`] = value;
  for (const [key, value] of Object.entries(theme.textSizes)) variables[`--text-${kebab(key)}`] = value;
  for (const [key, value] of Object.entries(theme.shadows)) variables[`--shadow-${kebab(key)}`] = value;
  return variables;
}

export const THEME_STORAGE_KEY = 'replen-theme';
export const DEFAULT_THEME: ThemeName = 'dark';

export function storedThemeName(): ThemeName {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
}

export function applyTheme(name: ThemeName, root: HTMLElement = document.documentElement): void {
  for (const [property, value] of Object.entries(themeToCssVariables(themes[name])))
    root.style.setProperty(property, value);
  root.dataset.theme = name;
  root.style.colorScheme = name;
}
