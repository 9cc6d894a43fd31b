import type { FastifyRequest } from 'fastify'

/**
 * Crawlers, link previewers and monitors that announce themselves. A script can claim any user agent, so this only
 * keeps honest robots out of the counts; the per-network caps are what bound the rest.
 */
const CRAWLER =
  /(?<!cu)bot\b|bot[/_-]|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|embedly|quora link preview|vkshare|w3c_validator|bingpreview|chrome-lighthouse|ptst\/|feedfetcher|mediapartners|pingdom|statuscake|preview\/\d/i

/** True for a user agent that says it is a robot (or says nothing at all, which browsers never do). */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || CRAWLER.test(userAgent)
}

/** A speculative load: prefetch or prerender that the reader may never look at. */
export function isPrefetch(request: FastifyRequest): boolean {
  const purpose = [
    request.headers['sec-purpose'],
    request.headers.purpose,
    request.headers['x-purpose'],
    request.headers['x-moz'],
  ]
  return purpose.some((value) => typeof value === 'string' && /prefetch|preview|prerender/i.test(value))
}

/** Whether a like or view from this request may count: not HEAD, not a crawler, not a prefetch or prerender. */
export function isCountable(request: FastifyRequest): boolean {
  return request.method !== 'HEAD' && !isCrawler(request.headers['user-agent']) && !isPrefetch(request)
}
