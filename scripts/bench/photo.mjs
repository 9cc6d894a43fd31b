import sharp from 'sharp'

/**
 * A photo-like JPEG for benchmarks: smooth light, texture and sensor noise (a flat test card would flatter every
 * encoder). Deterministic for a seed.
 */
export async function photo(width, height, seed, quality = 90) {
  const raw = Buffer.alloc(width * height * 3)
  let state = seed
  const noise = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 24
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const t = Math.sin(x / 37 + Math.sin(y / 53) * 3) * 30 + Math.sin((x + y) / 11 + seed) * 8
      raw[i] = Math.max(0, Math.min(255, 110 + (x / width) * 90 + t + noise()))
      raw[i + 1] = Math.max(0, Math.min(255, 90 + (y / height) * 100 - t + noise()))
      raw[i + 2] = Math.max(0, Math.min(255, 140 + Math.cos(x / 90 + seed) * 50 + noise()))
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer()
}

/** Uploads bytes as the multipart field `image` and answers the server's JSON with the status and wall time. */
export async function uploadImage(base, cookie, bytes, name) {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(bytes)]), name)
  const started = performance.now()
  const res = await fetch(`${base}/api/upload-image`, { method: 'POST', headers: { origin: base, cookie }, body: form })
  const ms = performance.now() - started
  return { status: res.status, ms, ...(await res.json()) }
}
