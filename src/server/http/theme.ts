import type { FastifyRequest } from 'fastify'
import { parseTheme, THEME_COOKIE, type Theme } from '#shared/theme.ts'

export const themeOf = (request: FastifyRequest): Theme | null => parseTheme(request.cookies?.[THEME_COOKIE])
