import type { ComponentProps } from 'react'
import { Link } from '../../lib/router.tsx'

/** A menu entry: a site path goes through the router, any other (http/https) URL is a plain link. */
export function MenuLink({ href, ...rest }: { href: string } & Omit<ComponentProps<'a'>, 'href'>) {
  return href.startsWith('/') ? <Link href={href} {...rest} /> : <a href={href} rel="noopener" {...rest} />
}
