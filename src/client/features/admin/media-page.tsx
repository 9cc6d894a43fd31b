import { Image as ImageIcon, Upload } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx'
import { useDocumentTitle } from './use-document-title.ts'

const FORMATS = ['JPEG', 'PNG', 'GIF', 'WebP']
const TIPS = [
  'Keep files under 2MB for fast loading',
  'Use descriptive file names',
  'Optimise images before uploading',
  'Consider WebP for smaller files',
]

/** Spec: informational only; images are uploaded from the post editor. */
export function MediaPage() {
  useDocumentTitle('Media')
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Media</h1>
        <p className="text-muted-foreground">Images used in your posts</p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Upload className="size-5" aria-hidden="true" />
            Uploading images
          </CardTitle>
          <CardDescription>Images are uploaded from the post editor: use the image button in the editor toolbar.</CardDescription>
        </CardHeader>
      </Card>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <ImageIcon className="size-5" aria-hidden="true" />
              Supported formats
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-wrap gap-2">
              {FORMATS.map((f) => (
                <li key={f} className="rounded-md bg-muted px-3 py-1 text-sm font-medium">
                  {f}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Tips</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {TIPS.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
