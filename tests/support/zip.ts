import yazl from 'yazl'

export type ZipFiles = Record<string, string | Buffer>

/** A zip of these files in memory; `raw` stores them uncompressed. */
export async function zipOf(files: ZipFiles, opts: { raw?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, body] of Object.entries(files)) zip.addBuffer(Buffer.from(body), name, { compress: !opts.raw })
  zip.end()
  const parts: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) parts.push(chunk)
  return Buffer.concat(parts)
}
