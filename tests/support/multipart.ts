export type FilePart = { name: string; body: Uint8Array | string; type?: string }

/** A multipart/form-data body with text fields first, then one file part per field, ready for inject(). */
export function multipartForm(files: Record<string, FilePart>, fields: Record<string, string> = {}) {
  const boundary = `----test${crypto.randomUUID().replace(/-/g, '')}`
  const texts = Object.entries(fields).map(([field, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
  )
  const parts = Object.entries(files).map(([field, f]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.body),
      Buffer.from('\r\n'),
    ]),
  )
  return {
    payload: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A multipart/form-data body with one file part. */
export const multipart = (field: string, fileName: string, contentType: string, bytes: Uint8Array) =>
  multipartForm({ [field]: { name: fileName, body: bytes, type: contentType } })
