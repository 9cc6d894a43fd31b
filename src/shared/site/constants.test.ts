import { describe, expect, it } from 'vitest'
import { COMMENT_MAX as SCHEMA_COMMENT_MAX, COMMENT_NAME_MAX as SCHEMA_NAME_MAX } from '#shared/schemas/engagement.ts'
import { POST_SORTS as SCHEMA_SORTS, PUBLIC_PAGE_SIZE as SCHEMA_PAGE_SIZE } from '#shared/schemas/post.ts'
import { COMMENT_MAX, COMMENT_NAME_MAX, POST_SORTS, PUBLIC_PAGE_SIZE } from './constants.ts'

describe('reader constants mirror the shared schemas', () => {
  it('has the same values', () => {
    expect(PUBLIC_PAGE_SIZE).toBe(SCHEMA_PAGE_SIZE)
    expect(POST_SORTS).toEqual(SCHEMA_SORTS)
    expect(COMMENT_MAX).toBe(SCHEMA_COMMENT_MAX)
    expect(COMMENT_NAME_MAX).toBe(SCHEMA_NAME_MAX)
  })
})
