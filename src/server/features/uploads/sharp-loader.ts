import type sharpModule from 'sharp'

export type SharpFactory = typeof sharpModule

let loading: Promise<SharpFactory> | undefined

/**
 * sharp, loaded on first use: libvips adds ~27 MB to a process's memory, and a server that is only reading pages
 * never needs it.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different picture: libvips' operation cache would only hold memory.
    sharp.cache(false)
    return sharp
  })
  return loading
}
