import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { ImportReport } from '#shared/schemas/backup.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toast } from '../../../lib/toast.tsx'
import { downloadBackup, uploadImport, type Progress } from './backup-transfer.ts'
import { ImportReportView } from './import-report.tsx'

function ProgressBar({ progress, label }: { progress: Progress; label: string }) {
  const percent = progress.fraction === null ? undefined : Math.round(progress.fraction * 100)
  return (
    <div className="space-y-1" aria-live="polite">
      {/* Without a fraction (reading the file, say) the whole bar pulses: an empty track would look stalled. */}
      <progress
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-muted indeterminate:bg-primary/40 motion-safe:indeterminate:animate-pulse [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted indeterminate:[&::-webkit-progress-bar]:bg-primary/40 [&::-webkit-progress-value]:bg-primary"
        max={100}
        value={percent}
        aria-label={label}
      />
      <p className="text-sm text-muted-foreground">{progress.label}</p>
    </div>
  )
}

export function BackupTab() {
  const queryClient = useQueryClient()
  const [download, setDownload] = useState<Progress | null>(null)
  const [upload, setUpload] = useState<Progress | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)

  const onDownload = async () => {
    setDownload({ label: 'Preparing the backup…', fraction: null })
    try {
      await downloadBackup(setDownload)
    } catch (error) {
      setDownload(null)
      toast({ title: 'Backup failed', description: (error as Error).message, variant: 'destructive' })
    }
  }

  const onImport = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const dryRun = data.get('dryRun') === 'on'
    const keepMissingImages = data.get('keepMissingImages') === 'on'
    data.delete('dryRun')
    data.delete('keepMissingImages')
    if (!(data.get('media') as File | null)?.size) data.delete('media')
    setReport(null)
    setUpload({ label: 'Starting…', fraction: 0 })
    try {
      const result = await uploadImport(data, { dryRun, keepMissingImages }, setUpload)
      setReport(result)
      if (!dryRun) await queryClient.invalidateQueries()
    } catch (error) {
      toast({ title: 'Import failed', description: (error as Error).message, variant: 'destructive' })
    } finally {
      setUpload(null)
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Backup</CardTitle>
          <CardDescription>
            One file with every post and its revisions, category, comment, like and view, the analytics, subscribers,
            fediverse followers, settings, footer pages, redirects and every uploaded image.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Button type="button" onClick={onDownload} disabled={download !== null && download.fraction !== 1}>
            Download backup
          </Button>
          {download && <ProgressBar progress={download} label="Backup download" />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Import</CardTitle>
          <CardDescription>
            A backup of this blog, a Ghost export (.json), a WordPress export (.xml) or Markdown files with front matter
            (.zip). Existing posts are never overwritten.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onImport} className="max-w-md space-y-4">
            <div className="space-y-2">
              <Label htmlFor="import-file">Export file</Label>
              <Input id="import-file" name="file" type="file" required accept=".zip,.json,.xml,.md,.markdown" />
            </div>
            <div className="space-y-2">
              <Label htmlFor="import-media">Images (optional .zip)</Label>
              <Input id="import-media" name="media" type="file" accept=".zip" />
            </div>
            <div className="flex items-start gap-2">
              <input
                id="import-dry-run"
                name="dryRun"
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <Label htmlFor="import-dry-run" className="leading-snug">
                Dry run: only report what would be created
              </Label>
            </div>
            <div className="flex items-start gap-2">
              <input
                id="import-keep-missing"
                name="keepMissingImages"
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <Label htmlFor="import-keep-missing" className="leading-snug">
                Keep links to images not found in the images file (they show broken)
              </Label>
            </div>
            <Button type="submit" disabled={upload !== null}>
              Import
            </Button>
            {upload && <ProgressBar progress={upload} label="Import progress" />}
          </form>
          {report && (
            <div className="mt-6">
              <ImportReportView report={report} />
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
