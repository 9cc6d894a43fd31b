// The benchmark's fediverse servers in a process of their own (forked by scripts/bench-fediverse.ts): verifying
// signatures and reading JSON-LD would otherwise take the event loop from the load generator in the benchmark's
// process. Starts `count` loopback Fedify servers (tests/support/fedify-peer.ts), sends their origins, and answers
// each 'deliveries' message with every inbox POST so far (times as epoch milliseconds).
import { startFedifyPeer } from '#test/support/fedify-peer.ts'

const count = Number(process.argv[2] ?? 20)
const peers = await Promise.all(Array.from({ length: count }, () => startFedifyPeer()))
process.send!({ origins: peers.map((peer) => peer.origin) })
process.on('message', (message) => {
  if (message !== 'deliveries') return
  process.send!({
    deliveries: peers.map((peer) => peer.deliveries.map((d) => ({ id: d.id, at: performance.timeOrigin + d.at }))),
  })
})
process.on('disconnect', () => process.exit(0))
