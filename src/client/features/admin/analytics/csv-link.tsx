import { Download } from 'lucide-react'

/** "CSV" in a card's header: the table of that card for the same range and filters, as a download. */
export function CsvLink({ href, title }: { href: string; title: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex shrink-0 items-center gap-1 rounded-sm text-sm whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`Export ${title} as CSV`}
    >
      <Download className="size-4" aria-hidden="true" />
      CSV
    </a>
  )
}
