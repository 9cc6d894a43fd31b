import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx'
import { Link } from '../../../lib/router.tsx'
import { paths } from '#shared/paths.ts'

/** The centred card the logged-out screens share (forgot password, reset password). */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
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
          <div className="mt-6 text-center">
            <Link href={paths.admin.login()} className="text-sm text-muted-foreground hover:text-foreground">
              ← Back to Sign In
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  )
}
