import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify'
import type { Db } from '../../db/client.ts'
import { insertStateOnce, readState } from './fediverse.repo.ts'

const KEYS = 'keys'

type StoredKeys = Array<{ privateKey: JsonWebKey; publicKey: JsonWebKey }>

/**
 * The actor's RSA and Ed25519 key pairs: made the first time they are needed and kept in the database, so every
 * instance signs with the same keys and a restart keeps them. Two instances racing keep the first one written.
 */
export function actorKeyPairs(db: Db, now: Date): Promise<CryptoKeyPair[]> {
  let pairs = loaded.get(db)
  if (!pairs) {
    pairs = loadKeyPairs(db, now)
    loaded.set(db, pairs)
    pairs.catch(() => loaded.delete(db))
  }
  return pairs
}

/** Keys never change once made: each process imports them once per database. */
const loaded = new WeakMap<Db, Promise<CryptoKeyPair[]>>()

async function loadKeyPairs(db: Db, now: Date): Promise<CryptoKeyPair[]> {
  let json = await readState(db, KEYS)
  if (!json) {
    const made: StoredKeys = []
    for (const algorithm of ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const) {
      const pair = await generateCryptoKeyPair(algorithm)
      made.push({ privateKey: await exportJwk(pair.privateKey), publicKey: await exportJwk(pair.publicKey) })
    }
    await insertStateOnce(db, KEYS, JSON.stringify(made), now)
    json = (await readState(db, KEYS))!
  }
  const stored = JSON.parse(json) as StoredKeys
  return Promise.all(
    stored.map(async (pair) => ({
      privateKey: await importJwk(pair.privateKey, 'private'),
      publicKey: await importJwk(pair.publicKey, 'public'),
    })),
  )
}
