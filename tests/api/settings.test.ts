import { describe, expect, it } from 'vitest'
import { adminAppForAll } from './helpers.ts'

const t = adminAppForAll()

const get = async () => (await t.request({ method: 'GET', url: '/api/site-settings' })).json()
const put = (settings: unknown, c: string | null = t.cookie) =>
  t.request({ method: 'PUT', url: '/api/site-settings', payload: { settings }, cookie: c ?? undefined })

describe('site settings', () => {
  it('public list: the three social keys, empty when unset', async () => {
    expect(await get()).toEqual([
      { key: 'linkedin_url', value: '' },
      { key: 'instagram_url', value: '' },
      { key: 'x_url', value: '' },
    ])
  })

  it('saves http(s) URLs, returns the new list, clears with an empty value, leaves unsent keys alone', async () => {
    const res = await put([
      { key: 'linkedin_url', value: 'https://www.linkedin.com/in/someone' },
      { key: 'x_url', value: ' http://x.com/someone ' },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { key: 'linkedin_url', value: 'https://www.linkedin.com/in/someone' },
      { key: 'instagram_url', value: '' },
      { key: 'x_url', value: 'http://x.com/someone' },
    ])
    await put([{ key: 'x_url', value: '' }])
    expect(await get()).toEqual([
      { key: 'linkedin_url', value: 'https://www.linkedin.com/in/someone' },
      { key: 'instagram_url', value: '' },
      { key: 'x_url', value: '' },
    ])
  })

  it('refuses unknown keys and non-http(s) URLs (400) and changes nothing', async () => {
    const before = await get()
    for (const settings of [
      [{ key: 'admin_password', value: 'x' }],
      [{ key: 'x_url', value: 'javascript:alert(1)' }],
      [{ key: 'x_url', value: 'data:text/html,hi' }],
      [{ key: 'x_url', value: '/relative' }],
      [{ key: 'x_url', value: 'not a url' }],
      [
        { key: 'instagram_url', value: 'https://instagram.com/a' },
        { key: 'x_url', value: 'ftp://x.com' },
      ],
    ]) {
      const res = await put(settings)
      expect(res.statusCode, JSON.stringify(settings)).toBe(400)
      expect(res.json().error).toEqual(expect.any(String))
    }
    expect(
      (await t.request({ method: 'PUT', url: '/api/site-settings', payload: {}, cookie: t.cookie })).statusCode,
    ).toBe(400)
    expect(await get()).toEqual(before)
  })

  it('names the refused value with its place in the list and the reason, so the form can mark the field', async () => {
    const res = await put([
      { key: 'linkedin_url', value: 'https://www.linkedin.com/in/someone' },
      { key: 'instagram_url', value: '' },
      { key: 'x_url', value: 'javascript:alert(1)' },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: 'Must be an http:// or https:// URL',
      issues: [{ path: 'settings.2.value', message: 'Must be an http:// or https:// URL' }],
    })
  })

  it('internal rows of the table never appear in the public list', async () => {
    const at = new Date().toISOString()
    await t.app.ctx.db
      .insertInto('site_settings')
      .values({ id: crypto.randomUUID(), key: 'secret_marker', value: 'x', created_at: at, updated_at: at })
      .execute()
    expect((await get()).map((s: { key: string }) => s.key)).toEqual(['linkedin_url', 'instagram_url', 'x_url'])
  })

  it('PUT needs a session (401)', async () => {
    expect((await put([{ key: 'x_url', value: 'https://x.com/evil' }], null)).statusCode).toBe(401)
  })
})
