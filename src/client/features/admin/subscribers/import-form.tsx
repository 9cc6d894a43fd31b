import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { ImportAnswerSchema, type ImportAnswer } from '#shared/schemas/subscriber.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { apiJson } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorText } from '../queries.ts'
import { subscriberKeys } from './subscriber-queries.ts'

/** Admin → Subscribers → Import CSV: a file of addresses, and whether they already agreed to receive emails. */
export function ImportForm() {
  const id = useId()
  const client = useQueryClient()
  const [answer, setAnswer] = useState<ImportAnswer | null>(null)
  const upload = useMutation({
    mutationFn: (form: FormData) =>
      apiJson(ImportAnswerSchema, '/api/admin/subscribers/import', { method: 'POST', body: form }),
    onSuccess: (result) => {
      setAnswer(result)
      return client.invalidateQueries({ queryKey: subscriberKeys.all })
    },
    onError: (err: Error) => toast({ title: 'Import failed', description: errorText(err), variant: 'destructive' }),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // The box goes before the file: the server reads the fields that precede it.
    const form = new FormData()
    form.append('agreed', data.get('agreed') ? 'true' : 'false')
    form.append('file', data.get('file') as Blob)
    upload.mutate(form)
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Import CSV
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-file`}>CSV file of email addresses</Label>
          <Input id={`${id}-file`} name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Checkbox id={`${id}-agreed`} name="agreed" />
          <Label htmlFor={`${id}-agreed`}>They already agreed to receive emails</Label>
        </div>
        <Button type="submit" variant="outline" disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          Import
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">
        One address a row (a column headed “email”, or the first column). Unticked, each new address gets a confirmation
        email and stays pending until confirmed. At most 10,000 rows and 2 MB.
      </p>
      {answer && (
        <div role="status" className="space-y-1 text-sm">
          <p>{`${answer.imported} imported, ${answer.alreadyKnown} already known, ${answer.confirmationsSent} confirmation emails sent.`}</p>
          {answer.invalid.length > 0 && (
            <>
              <p>{`${answer.invalid.length} rows were not imported:`}</p>
              <ul className="list-disc pl-5">
                {answer.invalid.slice(0, 100).map((row) => (
                  <li key={row.row}>{`Row ${row.row}: ${row.reason}`}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  )
}
