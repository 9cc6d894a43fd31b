import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { loadSecret } from '#server/features/secrets/secrets.service.ts'
import { unsubscribeTokens } from '#server/features/subscribers/subscribers.tokens.ts'
import { walkers } from '#server/features/transfer/export.repo.ts'
import { runImport, writeBackup } from '#server/features/transfer/transfer.service.ts'
import { createTestApp, type TestApp } from '#test/support/test-app.ts'
import { fillSampleBlog } from './sample-blog.ts'

const FUTURE = '2099-05-01T09:30:00.000Z'
const emptyForm = {
  slug: '',
  excerpt: '',
  featuredImage: '',
  categoryId: '',
  authorName: '',
  tagsInput: '',
  metaTitle: '',
  metaDescription: '',
  featured: false,
  scheduledAt: '',
}

/**
 * What a backup holds beyond the public site (the policy in docs/backup-format.md): image originals with their
 * alt text and original name, scheduled posts still scheduled, revisions, the autosaved working copy, share links,
 * the 404 log; sessions and two-factor secrets only with --with-secrets.
 */
describe('backup contents: the editor history, the 404 log and, only with --with-secrets, sessions and 2FA', () => {
  let original: TestApp
  let dir: string
  let adminCookie: string
  let previewPath: string
  let scheduledId: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backup-contents-'))
    original = await createTestApp()
    const { postIds, imageUrl } = await fillSampleBlog(original)
    adminCookie = await original.login()
    const db = original.app.ctx.db
    await db
      .updateTable('images')
      .set({ alt_text: 'A green cell', original_name: 'cover.png' })
      .where('file_name', '=', imageUrl.slice('/uploads/'.length))
      .execute()
    const scheduled = await original.request({
      method: 'POST',
      url: '/api/posts',
      cookie: adminCookie,
      payload: { title: 'Coming soon', content: 'Later.', status: 'scheduled', publishedAt: FUTURE },
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    scheduledId = scheduled.json().id
    const draftId = postIds[2]!
    const autosave = await original.request({
      method: 'PUT',
      url: `/api/autosaves/${draftId}`,
      cookie: adminCookie,
      payload: { form: { ...emptyForm, title: 'Unfinished thoughts', content: 'Draft text, autosaved further' } },
    })
    expect(autosave.statusCode, autosave.body).toBe(200)
    const share = await original.request({
      method: 'POST',
      url: `/api/posts/${draftId}/preview-link`,
      cookie: adminCookie,
    })
    previewPath = share.json().path
    await db
      .insertInto('not_found_log')
      .values({
        path: '/old-page',
        hits: 7,
        referrer: 'https://example.com/',
        last_seen_at: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()
    await db
      .insertInto('user_two_factor')
      .values({
        user_id: admin.id,
        secret: 'JBSWY3DPEHPK3PXP',
        enabled_at: '2026-11-01T00:00:00.000Z',
        last_step: 5,
        created_at: '2026-11-01T00:00:00.000Z',
      })
      .execute()
    await db
      .insertInto('recovery_codes')
      .values({
        id: crypto.randomUUID(),
        user_id: admin.id,
        code_hash: 'hash-of-a-code',
        used_at: null,
        created_at: '2026-11-01T00:00:00.000Z',
      })
      .execute()
  })
  afterAll(async () => {
    await original?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const exportTo = async (file: string, withSecrets: boolean) => {
    const out = createWriteStream(file)
    await writeBackup({ db: original.app.ctx.db, engine: original.app.ctx.engine, dataDir: original.dataDir }, out, {
      withSecrets,
      now: new Date(),
    })
    await finished(out)
    return file
  }
  const count = (
    t: TestApp,
    table:
      | 'post_revisions'
      | 'post_autosaves'
      | 'post_previews'
      | 'not_found_log'
      | 'sessions'
      | 'user_two_factor'
      | 'recovery_codes',
  ) =>
    t.app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))

  it('restores everything with --with-secrets: sessions stay signed in, 2FA stays on', async () => {
    const restored = await createTestApp({ withAdmin: false })
    try {
      const report = await runImport(restored.app.ctx.db, {
        file: await exportTo(path.join(dir, 'secrets.zip'), true),
        dryRun: false,
        now: new Date(),
        withSecrets: true,
      })
      expect(report.skippedCount).toBe(0)
      expect(report.created).toMatchObject({
        posts: 5,
        revisions: 5,
        autosaves: 1,
        previews: 1,
        notFound: 1,
        twoFactor: 1,
        recoveryCodes: 1,
      })
      expect(report.created.sessions).toBeGreaterThanOrEqual(1)
      for (const table of [
        'post_revisions',
        'post_autosaves',
        'post_previews',
        'not_found_log',
        'sessions',
        'user_two_factor',
        'recovery_codes',
      ] as const) {
        expect(await count(restored, table), table).toBe(await count(original, table))
      }

      // The admin's cookie from the original instance is a valid session on the restored one.
      const me = await restored.request({ method: 'GET', url: '/api/auth/me', cookie: adminCookie })
      expect(me.statusCode).toBe(200)
      expect(
        (await restored.request({ method: 'GET', url: '/api/auth/two-factor', cookie: adminCookie })).json(),
      ).toMatchObject({ enabled: true })

      const post = (
        await restored.request({ method: 'GET', url: `/api/posts/${scheduledId}`, cookie: adminCookie })
      ).json()
      expect(post).toMatchObject({ status: 'scheduled', publishedAt: FUTURE })
      expect(
        (await restored.request({ method: 'GET', url: '/api/posts' })).json().map((p: { id: string }) => p.id),
      ).not.toContain(scheduledId)

      expect(
        (await restored.request({ method: 'GET', url: `/api/previews/${previewPath.split('/').pop()}` })).json(),
      ).toMatchObject({ title: 'Unfinished thoughts' })
      const draft = (
        await restored.request({
          method: 'GET',
          url: `/api/autosaves/${(await restored.app.ctx.db.selectFrom('post_autosaves').select('post_key').executeTakeFirstOrThrow()).post_key}`,
          cookie: adminCookie,
        })
      ).json()
      expect(draft.form.content).toBe('Draft text, autosaved further')
      expect(
        (await restored.request({ method: 'GET', url: '/api/not-found-log', cookie: adminCookie })).json(),
      ).toEqual([expect.objectContaining({ path: '/old-page', hits: 7 })])
      const image = await restored.app.ctx.db
        .selectFrom('images')
        .select(['alt_text', 'original_name', 'width', 'height'])
        .executeTakeFirstOrThrow()
      expect(image).toEqual({ alt_text: 'A green cell', original_name: 'cover.png', width: 16, height: 9 })
    } finally {
      await restored.close()
    }
  })

  it('leaves sessions and two-factor secrets out without --with-secrets (the Settings download)', async () => {
    const res = await original.request({ method: 'GET', url: '/api/admin/backup', cookie: adminCookie })
    const zip = await yauzl.fromBufferPromise(res.rawPayload)
    const names: string[] = []
    for await (const entry of zip.eachEntry()) names.push(entry.fileName)
    expect(names).toEqual(
      expect.arrayContaining([
        'data/revisions.jsonl',
        'data/autosaves.jsonl',
        'data/previews.jsonl',
        'data/notFound.jsonl',
      ]),
    )
    expect(names.filter((n) => /sessions|twoFactor|recoveryCodes/.test(n))).toEqual([])

    const restored = await createTestApp({ withAdmin: false })
    try {
      const report = await runImport(restored.app.ctx.db, {
        file: await exportTo(path.join(dir, 'plain.zip'), false),
        dryRun: false,
        now: new Date(),
      })
      expect(report.created).toMatchObject({
        posts: 5,
        revisions: 5,
        autosaves: 1,
        previews: 1,
        notFound: 1,
        sessions: 0,
        twoFactor: 0,
        recoveryCodes: 0,
      })
      expect(await count(restored, 'sessions')).toBe(0)
      expect(await count(restored, 'user_two_factor')).toBe(0)
    } finally {
      await restored.close()
    }
  })

  it("into a blog with its own admin: their sessions and second factor stay theirs, the backup's are reported as skipped", async () => {
    const other = await createTestApp()
    try {
      const report = await runImport(other.app.ctx.db, {
        file: await exportTo(path.join(dir, 'merge.zip'), true),
        dryRun: false,
        now: new Date(),
        withSecrets: true,
      })
      expect(report.created).toMatchObject({ sessions: 0, twoFactor: 0, recoveryCodes: 0 })
      expect(report.skipped.filter((s) => s.kind === 'twoFactor')).toEqual([
        expect.objectContaining({
          reason: expect.stringMatching(/only by npm run import -- --with-secrets into a blog without an admin/),
        }),
      ])
      expect(report.warnings.join('\n')).toMatch(/only into a blog with no admin yet/)
      expect(await count(other, 'user_two_factor')).toBe(0)
    } finally {
      await other.close()
    }
  })
})

/**
 * Subscribers (with the key their unsubscribe links are signed with), author profiles and the analytics aggregates
 * travel too; today's reader hashes never do, and no subscriber's address ever reaches the report.
 */
describe('backup contents: subscribers, author profiles and analytics', () => {
  let original: TestApp
  let dir: string
  let link: string
  const subscribed = { id: crypto.randomUUID(), email: 'reader.one@example.com' }
  const pending = { id: crypto.randomUUID(), email: 'reader.two@example.com' }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backup-readers-'))
    original = await createTestApp()
    const { postIds, imageUrl } = await fillSampleBlog(original)
    const cookie = await original.login()
    const profile = await original.request({
      method: 'PUT',
      url: '/api/account/profile',
      cookie,
      payload: { displayName: 'Dr. Lab', bio: 'Writes about cells.', avatar: imageUrl },
    })
    expect(profile.statusCode, profile.body).toBe(200)
    const db = original.app.ctx.db
    const at = '2026-11-01T00:00:00.000Z'
    await db
      .insertInto('subscribers')
      .values([
        { ...subscribed, status: 'subscribed', confirmed_at: at, created_at: at, updated_at: at },
        {
          ...pending,
          status: 'pending',
          confirm_token_hash: 'hash-of-a-confirmation-token',
          confirm_expires_at: '2026-11-08T00:00:00.000Z',
          confirm_sent_at: at,
          created_at: at,
          updated_at: at,
        },
      ])
      .execute()
    const fact = {
      span: 'day' as const,
      day: '2026-11-20',
      post_id: postIds[0]!,
      source: 'Google',
      referrer: 'www.google.com',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      device: 'mobile',
      browser: 'Safari',
    }
    await db
      .insertInto('analytics_facts')
      .values([
        { ...fact, views: 9, visitors: 4 },
        { ...fact, span: 'month', day: '2024-01-01', device: 'desktop', views: 6, visitors: 3 },
      ])
      .execute()
    await db
      .insertInto('analytics_visitors_today')
      .values({ day: '2026-11-20', reader: 'daily-hash', post_id: postIds[0]!, seen_at: at })
      .execute()
    link = unsubscribeTokens(await loadSecret(db, 'unsubscribe', new Date())).sign(subscribed.id)
  })
  afterAll(async () => {
    await original?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const exportTo = async (file: string) => {
    const out = createWriteStream(file)
    await writeBackup({ db: original.app.ctx.db, engine: original.app.ctx.engine, dataDir: original.dataDir }, out, {
      withSecrets: false,
      now: new Date(),
    })
    await finished(out)
    return file
  }
  const subscriberRows = (t: TestApp) =>
    t.app.ctx.db
      .selectFrom('subscribers')
      .select(['id', 'email', 'status', 'confirm_expires_at', 'confirm_sent_at', 'confirmed_at', 'created_at'])
      .orderBy('id')
      .execute()
  const analyticsRows = (t: TestApp) =>
    t.app.ctx.db
      .selectFrom('analytics_facts')
      .selectAll()
      .orderBy('day')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, views: Number(r.views), visitors: Number(r.visitors) })))
  const profileRows = (t: TestApp) =>
    t.app.ctx.db.selectFrom('author_profiles').select(['user_id', 'display_name', 'bio', 'avatar']).execute()

  it('restores them into an empty blog, where unsubscribe links already sent keep working', async () => {
    const file = await exportTo(path.join(dir, 'readers.zip'))
    const restored = await createTestApp({ withAdmin: false })
    try {
      const report = await runImport(restored.app.ctx.db, { file, dryRun: false, now: new Date() })
      expect(report.skippedCount).toBe(0)
      expect(report.created).toMatchObject({ authorProfiles: 1, analytics: 2, unsubscribeKey: 1, subscribers: 2 })
      expect(await subscriberRows(restored)).toEqual(await subscriberRows(original))
      expect(await profileRows(restored)).toEqual(await profileRows(original))
      expect((await profileRows(restored))[0]).toMatchObject({ display_name: 'Dr. Lab', bio: 'Writes about cells.' })
      expect(await analyticsRows(restored)).toEqual(await analyticsRows(original))
      // The site-wide rows and per-post totals the screen reads are summed again from the posts' rows, by day and
      // by month.
      for (const table of ['analytics_site_facts', 'analytics_post_totals'] as const)
        expect(
          (
            await restored.app.ctx.db
              .selectFrom(table)
              .select(['span', 'day', 'views'])
              .orderBy('day')
              .orderBy('span')
              .execute()
          ).map((r) => ({ ...r, views: Number(r.views) })),
        ).toEqual([
          { span: 'month', day: '2024-01-01', views: 6 },
          { span: 'month', day: '2026-11-01', views: 9 },
          { span: 'day', day: '2026-11-20', views: 9 },
        ])
      // So are the per-post values (by month) the top posts under one filter read.
      const postId = (await analyticsRows(original))[0]!.post_id
      const values = await restored.app.ctx.db
        .selectFrom('analytics_post_values')
        .select(['day', 'dimension', 'value', 'post_id', 'views'])
        .orderBy('day')
        .orderBy('dimension')
        .execute()
      const each = (day: string, views: number, device: string) =>
        (
          [
            ['browser', 'Safari'],
            ['device', device],
            ['referrer', 'www.google.com'],
            ['source', 'Google'],
          ] as const
        ).map(([dimension, value]) => ({ day, dimension, value, post_id: postId, views }))
      expect(values.map((r) => ({ ...r, views: Number(r.views) }))).toEqual([
        ...each('2024-01-01', 6, 'desktop'),
        ...each('2026-11-01', 9, 'mobile'),
      ])
      // The confirmation token's hash and today's reader hashes stay behind.
      const restoredDb = restored.app.ctx.db
      expect(
        await restoredDb.selectFrom('subscribers').select('confirm_token_hash').where('id', '=', pending.id).execute(),
      ).toEqual([{ confirm_token_hash: null }])
      expect(await restoredDb.selectFrom('analytics_visitors_today').selectAll().execute()).toEqual([])
      expect(JSON.stringify(report)).not.toMatch(/reader\.(one|two)@example\.com/)

      // The running server signs and checks links with the restored key at once.
      const res = await restored.request({ method: 'POST', url: `/unsubscribe?token=${encodeURIComponent(link)}` })
      expect(res.statusCode, res.body).toBe(200)
      expect(
        await restoredDb.selectFrom('subscribers').select('status').where('id', '=', subscribed.id).execute(),
      ).toEqual([{ status: 'unsubscribed' }])
    } finally {
      await restored.close()
    }
  })

  it('exports analytics a page at a time without losing or repeating a row', async () => {
    const db = original.app.ctx.db
    const base = await db.selectFrom('analytics_facts').selectAll().executeTakeFirstOrThrow()
    // Values that sort differently byte-wise and case-wise, over more than two pages of the export.
    const values = Array.from({ length: 1100 }, (_, i) => `${i % 2 ? 'Ref' : 'ref'}-${String(i).padStart(4, '0')}`)
    for (let i = 0; i < values.length; i += 100)
      await db
        .insertInto('analytics_facts')
        .values(
          values
            .slice(i, i + 100)
            .map((referrer) => ({ ...base, span: 'day' as const, day: '2026-11-21', referrer, views: 1, visitors: 1 })),
        )
        .execute()
    try {
      const keys: string[] = []
      for await (const r of walkers.analytics(db, false)) keys.push(`${r.day} ${r.span} ${r.referrer}`)
      expect(keys).toHaveLength(values.length + 2)
      expect(new Set(keys).size).toBe(keys.length)
    } finally {
      await db.deleteFrom('analytics_facts').where('day', '=', '2026-11-21').execute()
    }
  })

  it('exports a two-column key (daily views) and a one-column key (the 404 log) a page at a time', async () => {
    const db = original.app.ctx.db
    const postId = (await db.selectFrom('posts').select('id').executeTakeFirstOrThrow()).id
    const days = Array.from({ length: 1100 }, (_, i) => new Date(Date.UTC(2001, 0, 1 + i)).toISOString().slice(0, 10))
    const paths = days.map((day) => `/gone/${day}`)
    for (let i = 0; i < days.length; i += 200) {
      await db
        .insertInto('post_views_daily')
        .values(days.slice(i, i + 200).map((day) => ({ post_id: postId, day, views: 1 })))
        .execute()
      await db
        .insertInto('not_found_log')
        .values(paths.slice(i, i + 200).map((path) => ({ path, hits: 1, referrer: null, last_seen_at: FUTURE })))
        .execute()
    }
    try {
      const views: string[] = []
      for await (const r of walkers.views(db, false)) views.push(`${r.postId} ${r.day}`)
      expect(new Set(views).size).toBe(views.length)
      expect(views.filter((key) => key.startsWith(`${postId} 200`))).toEqual(days.map((day) => `${postId} ${day}`))
      const gone: string[] = []
      for await (const r of walkers.notFound(db, false)) if (r.path.startsWith('/gone/')) gone.push(r.path)
      expect(gone).toEqual(paths)
    } finally {
      await db.deleteFrom('post_views_daily').where('day', '<', '2004-01-01').execute()
      await db.deleteFrom('not_found_log').where('path', 'like', '/gone/%').execute()
    }
  })

  it('into a blog with its own subscribers and profile: keeps its key and profile, names conflicts only by id', async () => {
    const file = await exportTo(path.join(dir, 'readers-merge.zip'))
    const other = await createTestApp()
    try {
      const db = other.app.ctx.db
      const at = '2026-11-02T00:00:00.000Z'
      await db
        .insertInto('subscribers')
        .values({
          id: crypto.randomUUID(),
          email: subscribed.email,
          status: 'subscribed',
          created_at: at,
          updated_at: at,
        })
        .execute()
      const ownProfile = await other.request({
        method: 'PUT',
        url: '/api/account/profile',
        cookie: await other.login(),
        payload: { displayName: 'Someone else', bio: '', avatar: '' },
      })
      expect(ownProfile.statusCode, ownProfile.body).toBe(200)
      const ownKey = await loadSecret(db, 'unsubscribe', new Date())

      const report = await runImport(db, { file, dryRun: false, now: new Date() })
      expect(report.created).toMatchObject({ authorProfiles: 0, analytics: 2, unsubscribeKey: 0, subscribers: 1 })
      expect(report.skipped).toEqual(
        expect.arrayContaining([
          { kind: 'subscribers', item: subscribed.id, reason: 'this address is already a subscriber' },
          { kind: 'authorProfiles', item: expect.any(String), reason: 'this user already has a profile here' },
          {
            kind: 'unsubscribeKey',
            item: 'unsubscribe key',
            reason: 'this blog has subscribers and keeps its own key',
          },
        ]),
      )
      expect(report.warnings.join('\n')).toMatch(/Unsubscribe links in emails the backup's blog sent do not work here/)
      expect(JSON.stringify(report)).not.toMatch(/reader\.(one|two)@example\.com/)
      expect(await loadSecret(db, 'unsubscribe', new Date())).toEqual(ownKey)
      expect((await profileRows(other)).map((p) => p.display_name)).toEqual(['Someone else'])
    } finally {
      await other.close()
    }
  })
})
