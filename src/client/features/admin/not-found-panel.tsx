import { Button } from '../../components/ui/button.tsx'
import { Link } from '../../lib/router.tsx'
import { useDocumentTitle } from './use-document-title.ts'

export function NotFoundPanel() {
  useDocumentTitle('Page Not Found')
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">The page you're looking for doesn't exist.</p>
      <Button asChild className="mt-6">
        <Link href="/admin/dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  )
}
