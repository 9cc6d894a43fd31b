import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { databaseTrouble } from '../db/db-trouble.ts'
import { AppError } from '../errors.ts'
import { replyUnavailable } from './unavailable.ts'

type Issue = { path: string; message: string }

function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
}

/** The single error handler: JSON {error}, right status, never a stack or SQL in the body. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send({ error: error.message })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }))
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid input', issues })
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error)
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid input', issues })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response failed its schema')
      return reply.status(500).send({ error: 'Internal server error' })
    }
    const status = (error as FastifyError).statusCode ?? 500
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        400: 'Invalid request',
        404: 'Not found',
        413: 'Request body is too large',
        415: 'Unsupported media type',
      }
      const message = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : (messages[status] ?? 'Request refused')
      return reply.status(status).send({ error: message })
    }
    const trouble = databaseTrouble(error)
    if (trouble) {
      // The operator's problem, logged without a stack; /healthz reports it to the balancer.
      request.log.warn({ reason: error.message, trouble }, 'database unavailable: answered 503')
      if (trouble === 'not-writable') app.writeHealth.failed(error)
      return replyUnavailable(request, reply, trouble)
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: 'Internal server error' })
  })
}
