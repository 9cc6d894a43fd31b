import { Moon, Sun } from '../ui/icons.tsx'
import { parseTheme, THEME_COOKIE, THEME_MAX_AGE_S, type Theme } from '#shared/theme.ts'
import { cn } from '../../lib/cn.ts'

function currentTheme(): Theme {
  const chosen = parseTheme(document.documentElement.dataset.theme)
  return chosen ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
}

/**
 * Flips between light and dark and remembers the choice in a cookie, which the server reads to render the next
 * page in that theme from the first byte. Stateless in React (the icons swap by CSS), so SSR and hydration agree.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const toggle = () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=${THEME_MAX_AGE_S}; samesite=lax`
  }
  return (
    <button
      type="button"
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground',
        className,
      )}
      aria-label="Toggle dark mode"
      title="Toggle dark mode"
      onClick={toggle}
    >
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
    </button>
  )
}
