import { cn } from '../../lib/cn.ts'

export type TableColumn = { label: string; numeric?: boolean }

/** The header row of an admin list table: muted labels, numbers right-aligned, a last unlabelled column for row actions. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead>
      <tr className="border-b text-muted-foreground">
        {columns.map((column) => (
          <th key={column.label} scope="col" className={cn('py-2 pr-4 font-medium', column.numeric && 'text-right')}>
            {column.label}
          </th>
        ))}
        <th scope="col" className="py-2 font-medium">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  )
}
