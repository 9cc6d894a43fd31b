import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import type { z } from 'zod'
import { AppError } from '../../../errors.ts'

const MAX_LINE = 16 * 1024 * 1024

function issueText(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'record'}: ${issue.message}` : 'invalid record'
}

/** The records of a JSON-lines stream, each checked by `schema`; a bad line names the file and line. */
export async function* readJsonLines<T>(stream: Readable, file: string, schema: z.ZodType<T>): AsyncGenerator<T> {
  let pending = ''
  let lineNo = 0
  const parse = (line: string): T => {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new AppError(400, `${file}, line ${lineNo}: not valid JSON`)
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new AppError(400, `${file}, line ${lineNo}: ${issueText(parsed.error)}`)
    return parsed.data
  }
  const decoder = new StringDecoder('utf8')
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk)
    let start = 0
    let newline = pending.indexOf('\n')
    while (newline !== -1) {
      const line = pending.slice(start, newline)
      lineNo++
      if (line.trim()) yield parse(line)
      start = newline + 1
      newline = pending.indexOf('\n', start)
    }
    pending = pending.slice(start)
    if (pending.length > MAX_LINE)
      throw new AppError(400, `${file}, line ${lineNo + 1}: longer than ${MAX_LINE / 1024 / 1024} MB`)
  }
  pending += decoder.end()
  lineNo++
  if (pending.trim()) yield parse(pending)
}
