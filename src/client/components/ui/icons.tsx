import type { SVGProps } from 'react'

/*
 * The icons the reader's pages show, as fixed markup: Lucide's drawings (lucide-react 1.75.0, ISC licence), with the
 * attributes lucide-react gives them. lucide-react builds each icon from data as React elements on every render;
 * these are one element with its drawing as a string, which server rendering of a page passes through as is. The
 * admin keeps lucide-react.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>

function icon(name: string, drawing: string) {
  const html = { __html: drawing }
  const base = `lucide lucide-${name}`
  function Icon({ className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${base} ${className}` : base}
        aria-hidden="true" // decorative, as lucide-react marks an icon without a label
        {...rest}
        dangerouslySetInnerHTML={html}
      />
    )
  }
  Icon.displayName = name
  return Icon
}

export const ArrowRight = icon('arrow-right', '<path d="M5 12h14"></path><path d="m12 5 7 7-7 7"></path>')
export const Calendar = icon(
  'calendar',
  '<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path>',
)
export const ChevronLeft = icon('chevron-left', '<path d="m15 18-6-6 6-6"></path>')
export const ChevronRight = icon('chevron-right', '<path d="m9 18 6-6-6-6"></path>')
export const Clock = icon('clock', '<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>')
export const Eye = icon(
  'eye',
  '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"></path><circle cx="12" cy="12" r="3"></circle>',
)
export const Heart = icon(
  'heart',
  '<path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"></path>',
)
export const Link2 = icon(
  'link-2',
  '<path d="M9 17H7A5 5 0 0 1 7 7h2"></path><path d="M15 7h2a5 5 0 1 1 0 10h-2"></path><line x1="8" x2="16" y1="12" y2="12"></line>',
)
export const Menu = icon('menu', '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>')
export const MessageCircle = icon(
  'message-circle',
  '<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"></path>',
)
export const Moon = icon(
  'moon',
  '<path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"></path>',
)
export const Rss = icon(
  'rss',
  '<path d="M4 11a9 9 0 0 1 9 9"></path><path d="M4 4a16 16 0 0 1 16 16"></path><circle cx="5" cy="19" r="1"></circle>',
)
export const Search = icon('search', '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>')
export const Sun = icon(
  'sun',
  '<circle cx="12" cy="12" r="4"></circle><path d="M12 2v2"></path><path d="M12 20v2"></path><path d="m4.93 4.93 1.41 1.41"></path><path d="m17.66 17.66 1.41 1.41"></path><path d="M2 12h2"></path><path d="M20 12h2"></path><path d="m6.34 17.66-1.41 1.41"></path><path d="m19.07 4.93-1.41 1.41"></path>',
)
export const User = icon(
  'user',
  '<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"></path><circle cx="12" cy="7" r="4"></circle>',
)
export const X = icon('x', '<path d="M18 6 6 18"></path><path d="m6 6 12 12"></path>')
