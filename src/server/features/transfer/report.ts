import {
  IMPORT_KINDS,
  REPORT_LIST_LIMIT,
  type ImportFormat,
  type ImportKind,
  type ImportReport,
} from '#shared/schemas/backup.ts'

export type ReportBuilder = {
  created: (kind: ImportKind, n?: number) => void
  skip: (kind: ImportKind, item: string, reason: string, opts?: { conflict?: boolean }) => void
  warn: (message: string) => void
  missingImage: (reference: string) => void
  build: () => ImportReport
}

/** Counts everything; lists the first few hundred items of each list by name. */
export function createReport(format: ImportFormat, dryRun: boolean): ReportBuilder {
  const created = Object.fromEntries(IMPORT_KINDS.map((k) => [k, 0])) as Record<ImportKind, number>
  const skipped: ImportReport['skipped'] = []
  const warnings: string[] = []
  const missing = new Set<string>()
  let skippedCount = 0
  let conflicts = 0
  let warningCount = 0
  return {
    created: (kind, n = 1) => {
      created[kind] += n
    },
    skip: (kind, item, reason, opts) => {
      skippedCount++
      if (opts?.conflict) conflicts++
      if (skipped.length < REPORT_LIST_LIMIT) skipped.push({ kind, item: item.slice(0, 300), reason })
    },
    warn: (message) => {
      warningCount++
      if (warnings.length < REPORT_LIST_LIMIT) warnings.push(message)
    },
    missingImage: (reference) => {
      missing.add(reference.slice(0, 500))
    },
    build: () => ({
      format,
      dryRun,
      created: { ...created },
      skipped: [...skipped],
      skippedCount,
      conflicts,
      warnings: [...warnings],
      warningCount,
      missingImages: [...missing].slice(0, REPORT_LIST_LIMIT),
      missingImageCount: missing.size,
    }),
  }
}
