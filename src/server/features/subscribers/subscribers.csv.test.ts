import { describe, expect, it } from 'vitest'
import { addressesOfCsv, IMPORT_MAX_ROWS } from './subscribers.csv.ts'

describe('addressesOfCsv', () => {
  it('reads the column headed "email", numbering rows as a spreadsheet does', () => {
    expect(addressesOfCsv('\uFEFFname,EMAIL\r\nAnn,ann@example.com\r\n\r\n"Bob, Jr.",bob@example.com\r\n')).toEqual({
      emails: [
        { row: 2, value: 'ann@example.com' },
        { row: 3, value: 'bob@example.com' },
      ],
      tooMany: false,
    })
  })

  it('without a header, takes the first column; a short row gives an empty value', () => {
    expect(addressesOfCsv('a@example.com,x\nb@example.com\n,\n')).toEqual({
      emails: [
        { row: 1, value: 'a@example.com' },
        { row: 2, value: 'b@example.com' },
        { row: 3, value: '' },
      ],
      tooMany: false,
    })
  })

  it('says when there are more rows than an import takes, and when the text is not CSV', () => {
    const many = Array.from({ length: IMPORT_MAX_ROWS + 5 }, (_, i) => `r${i}@example.com`).join('\n')
    const found = addressesOfCsv(many)
    expect('tooMany' in found && found.tooMany).toBe(true)
    expect(addressesOfCsv('"open,quote\nx')).toEqual({ error: expect.stringMatching(/^The file is not valid CSV/) })
  })
})
