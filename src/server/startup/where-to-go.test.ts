import { describe, expect, it } from 'vitest'
import { whereToGo } from './where-to-go.ts'

describe('the start-up message', () => {
  it('gives the one-time setup link while there is no admin', () => {
    expect(whereToGo('https://blog.example/', 'tok_123')).toBe(
      '\nThe blog is running at https://blog.example/\n' +
        'No admin account yet: open https://blog.example/admin?setup=tok_123 to create your account (the link works once).\n\n',
    )
  })

  it('points at the admin once there is one', () => {
    expect(whereToGo('http://127.0.0.1:3000', null)).toContain('Sign in to write at http://127.0.0.1:3000/admin')
  })
})
