import { countOfKind, IMPORT_KINDS, type ImportKind, type ImportProgress } from '#shared/schemas/backup.ts'

/** The steps of an import job that count nothing. */
const STEPS: Record<string, string> = {
  queued: 'Waiting for the import to start…',
  reading: 'Reading the file…',
  counting: 'Counting what the file holds…',
  done: 'Finishing…',
}

const isKind = (phase: string): phase is ImportKind => (IMPORT_KINDS as readonly string[]).includes(phase)

/** What the progress bar says of a running import job: its step, or how many of a kind it has written. */
export function importProgressLabel({ phase, done, total }: ImportProgress): string {
  if (Object.hasOwn(STEPS, phase)) return STEPS[phase]!
  if (!isKind(phase)) return `Importing ${phase}…`
  return total ? `Importing ${done} of ${countOfKind(phase, total)}` : `Importing ${countOfKind(phase, done)}`
}
