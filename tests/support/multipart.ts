export type FilePart = { name: string; body: Uint8Array | string; type?: string }

/** A multipart/form-data body with one file part per field, ready for inject(). */
export function multipartForm(files: Record<string, FilePart>) {
  const boundary = `----test${crypto.randomUUID().replace(/-/g, '')}`
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
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A multipart/form-data body with one file part. */
export const multipart = (field: string, fileName: string, contentType: string, bytes: Uint8Array) =>
  multipartForm({ [field]: { name: fileName, body: bytes, type: contentType } })
