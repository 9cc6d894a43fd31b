import { PassThrough } from 'node:stream'
import { BACKUP_ESTIMATE_HEADER } from '#shared/schemas/backup.ts'
import type { App } from '../../context.ts'
import { estimateBytes } from './backup.repo.ts'
import { writeBackup } from './backup.export.ts'

export const backupFileName = (now: Date) =>
  `lab-blog-backup-${now.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.zip`

export async function backupRoutes(app: App): Promise<void> {
  const { db, engine, env } = app.ctx

  // Streamed as it is read from one snapshot of the database: memory stays flat whatever the blog's size.
  // The password hash never leaves by HTTP; `npm run export -- --with-secrets` on the server includes it.
  app.get('/api/admin/backup', { config: { auth: 'admin' } }, async (request, reply) => {
    const now = app.ctx.clock()
    const body = new PassThrough()
    writeBackup({ db, engine, dataDir: env.dataDir }, body, { withSecrets: false, now }).catch((err: Error) => {
      if (!body.destroyed) request.log.error({ err }, 'backup failed while streaming')
      body.destroy(err)
    })
    reply.headers({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${backupFileName(now)}"`,
      'cache-control': 'private, no-store',
      [BACKUP_ESTIMATE_HEADER]: String(await estimateBytes(db)),
    })
    return reply.send(body)
  })
}
