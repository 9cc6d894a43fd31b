import { Link2 } from '../../components/ui/icons.tsx'
import { LinkedInIcon, XIcon } from '../../components/site/brand-icons.tsx'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../lib/toast.tsx'

const POPUP = 'width=600,height=400,noopener,noreferrer'

/** Spec §2: X/Twitter and LinkedIn open a 600x400 popup; copy link puts the URL in the clipboard with a toast. */
export function ShareButtons({ title, path }: { title: string; path: string }) {
  const url = () => new URL(path, window.location.origin).href
  const open = (shareUrl: string) => window.open(shareUrl, 'share', POPUP)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url())
      toast({ title: 'Link copied!', description: 'The link to this post is in your clipboard.' })
    } catch {
      toast({ title: 'Error', description: 'Could not copy the link.', variant: 'destructive' })
    }
  }

  return (
    <div className="flex items-center gap-1" role="group" aria-label="Share">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Share on X (Twitter)"
        onClick={() =>
          open(`https://twitter.com/intent/tweet?url=${encodeURIComponent(url())}&text=${encodeURIComponent(title)}`)
        }
      >
        <XIcon />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Share on LinkedIn"
        onClick={() => open(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url())}`)}
      >
        <LinkedInIcon />
      </Button>
      <Button variant="ghost" size="icon" aria-label="Copy link" onClick={() => void copy()}>
        <Link2 aria-hidden="true" />
      </Button>
    </div>
  )
}
