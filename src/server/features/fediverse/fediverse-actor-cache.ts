import type { Context } from '@fedify/fedify'
import { Person } from '@fedify/vocab'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'

type Cached = { source: string; person: Promise<Person> }

/** The actor last answered, per database, with what it was made from. */
const answered = new WeakMap<Db, Cached>()

/**
 * The actor document, made once per process for what it is made from (`source`: the settings and the site identity,
 * read from the database on every request, so every instance answers what the database says). Fedify exports the
 * public keys and serializes the actor on every request of a Person it is given; a Person read back from its own
 * JSON-LD keeps that JSON and is answered as it is. Every server a post goes to fetches the actor once to check the
 * delivery's signature, so this is the blog's answer to each delivery.
 */
export function cachedActor(ctx: Context<AppContext>, source: string, build: () => Promise<Person>): Promise<Person> {
  const { db } = ctx.data
  const { contextLoader } = ctx
  const cached = answered.get(db)
  if (cached?.source === source) return cached.person
  const person = build().then(async (made) =>
    Person.fromJsonLd(await made.toJsonLd({ contextLoader }), { contextLoader, documentLoader: contextLoader }),
  )
  answered.set(db, { source, person })
  person.catch(() => {
    if (answered.get(db)?.person === person) answered.delete(db)
  })
  return person
}
