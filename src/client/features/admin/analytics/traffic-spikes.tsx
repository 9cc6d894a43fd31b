import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import type { ViewSpikes } from '#shared/schemas/engagement.ts'
import { formatViews } from '#shared/text/format.ts'
import { viewSpikesQuery } from '../queries.ts'

/** "N times its daily average of 0" says nothing: a post without earlier views is said to have none. */
export const spikeText = ({ lastHour, dailyAverage }: { lastHour: number; dailyAverage: number }) =>
  `${formatViews(lastHour)} views in the last hour, ` +
  (dailyAverage === 0 ? 'with no views on earlier days' : `more than 20 times its daily average of ${dailyAverage}`)

/** The flag itself: a labelled region listing each post, in words (the icon is decoration only). */
export function SpikeList({ spikes }: { spikes: ViewSpikes }) {
  if (spikes.length === 0) return null
  return (
    <section
      aria-labelledby="traffic-spikes-title"
      className="rounded-lg border border-warning-foreground/30 bg-warning p-4 text-warning-foreground"
      data-testid="traffic-spikes"
    >
      <h2 id="traffic-spikes-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        Unusual traffic
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {spikes.map((spike) => (
          <li key={spike.postId} className="break-words">
            <strong>{spike.title}</strong>: {spikeText(spike)}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Posts whose views in the last hour are more than 20 times their daily average; nothing when there are none. */
export function TrafficSpikes() {
  const spikes = useQuery(viewSpikesQuery())
  return spikes.data ? <SpikeList spikes={spikes.data} /> : null
}
