import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
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
      const message =
        (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
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

/**
 * A path the router cannot even decode (`%ED%A0%80`, `%zz`) or with an overlong parameter never reaches a route or
 * the handler above: Fastify's own answer would echo the path and its error code, so it gets ours instead.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
  void reply.status(tooLong ? 414 : 400).send({ error: tooLong ? 'Request URL is too long' : 'Malformed request URL' })
}
