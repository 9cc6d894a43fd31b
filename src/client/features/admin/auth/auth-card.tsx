import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'

const BACK = {
  signIn: { href: paths.admin.login(), label: '← Back to Sign In' },
  blog: { href: '/', label: '← Back to Blog' },
}

/** The centred card the logged-out screens share (sign in, first setup, forgot and reset password). */
export function AuthCard({
  title,
  description,
  back = 'signIn',
  children,
}: {
  title: string
  description: string
  /** The link under the card, if any. */
  back?: keyof typeof BACK | null
  children: ReactNode
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {children}
          {back && (
            <div className="mt-6 text-center">
              <Link href={BACK[back].href} className="text-sm text-muted-foreground hover:text-foreground">
                {BACK[back].label}
              </Link>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
