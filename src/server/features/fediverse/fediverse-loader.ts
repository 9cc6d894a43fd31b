import type * as FedifyPart from './fediverse.federation.ts'

let loading: Promise<typeof FedifyPart> | null = null

/**
 * The Fedify part of the fediverse (fediverse.federation.ts: the federation, its inbox, the actor and its keys, the
 * activities the blog sends), imported the first time it is needed while the fediverse is on. With the fediverse off
 * (the default) the server never loads @fedify/fedify, @fedify/vocab or @js-temporal/polyfill: about 26 MB of memory
 * and 140–290 ms of start. Everything else in this feature imports Fedify's types only.
 */
export function loadFedify(): Promise<typeof FedifyPart> {
  loading ??= import('./fediverse.federation.ts')
  return loading
}

/** Whether this process has imported the Fedify part (tests). */
export const fedifyLoaded = (): boolean => loading !== null
