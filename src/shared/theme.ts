/** The reader's explicit theme choice, kept in a cookie the server reads so the first paint is already right. */
export const THEME_COOKIE = 'theme'
export type Theme = 'light' | 'dark'
export const THEME_MAX_AGE_S = 60 * 60 * 24 * 365

export const parseTheme = (value: string | undefined | null): Theme | null =>
  value === 'dark' || value === 'light' ? value : null
