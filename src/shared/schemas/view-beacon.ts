import { z } from 'zod'

/**
 * What the view beacon sends: the page's `document.referrer` and the query of the page the reader landed on. Any
 * length is accepted (the view still counts); the server keeps only a referrer's host and cut, printable UTM values.
 */
export const ViewBeaconSchema = z.object({
  referrer: z.string().optional(),
  landing: z.string().optional(),
})
export type ViewBeacon = z.infer<typeof ViewBeaconSchema>
