import { useQuery } from '@tanstack/react-query'
import { Copy, Eye, Link2Off, Share2 } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'
import { previewLinkQuery, usePreviewLinkMutations } from './editor-queries.ts'

/** A preview of the editor's text, and a secret link that shows it to anyone holding it until revoked. */
export function SharePreviewPanel({ postId, onPreview }: { postId: string; onPreview: () => void }) {
  const link = useQuery(previewLinkQuery(postId))
  const { share, revoke } = usePreviewLinkMutations(postId)
  const url = link.data ? new URL(link.data.path, window.location.origin).href : null
  const failed = (err: Error) => toast({ title: 'Error', description: errorText(err), variant: 'destructive' })
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: 'Preview link copied' })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' })
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Preview</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button variant="outline" size="sm" className="w-full" onClick={onPreview}>
          <Eye aria-hidden="true" />
          Open preview
        </Button>
        {url ? (
          <div className="space-y-2">
            <Label htmlFor="preview-link">Secret preview link</Label>
            <div className="flex gap-2">
              <Input
                id="preview-link"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                className="font-mono text-xs"
              />
              <Button variant="outline" size="icon" aria-label="Copy preview link" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Anyone with this link can read the saved version, until you revoke it.
            </p>
            <Button
              variant="ghost"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onError: failed })}
            >
              <Link2Off aria-hidden="true" />
              Revoke link
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="w-full"
            disabled={share.isPending || link.isPending}
            onClick={() => share.mutate(undefined, { onError: failed })}
          >
            <Share2 aria-hidden="true" />
            Share preview
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
