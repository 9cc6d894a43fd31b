import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain ES module of the build scripts, without types
import { buildIsCurrent } from '../../scripts/build-stamp.mjs'
import { freePort, startServer, tempDataDir, type ServerProcess } from './server-process.ts'

// Docker cannot run here, so this checks what the Dockerfile relies on: the npm scripts and commands it runs, the
// files its final stage keeps (a build `npm run export` finds current), its settings, and its health check command.

type Instruction = { keyword: string; args: string }

function parseDockerfile(text: string): Instruction[][] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const stages: Instruction[][] = []
  for (const line of lines) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line)!
    if (keyword!.toUpperCase() === 'FROM') stages.push([])
    stages.at(-1)!.push({ keyword: keyword!.toUpperCase(), args: args!.replace(/\s+/g, ' ') })
  }
  return stages
}

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8'))
const stages = parseDockerfile(fs.readFileSync('Dockerfile', 'utf8'))
const [build, runtime] = stages as [Instruction[], Instruction[]]
const args = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args)
const envOf = (stage: Instruction[]) =>
  Object.fromEntries(args(stage, 'ENV').flatMap((a) => a.split(' ').map((pair) => pair.split('=') as [string, string])))
const execForm = (text: string): string[] => JSON.parse(text)

/** Files the final stage copies out of the build stage, as paths relative to the app folder. */
const keptFromBuild = args(runtime, 'COPY')
  .filter((a) => a.startsWith('--from=build '))
  .flatMap((a) => a.split(' ').slice(1, -1))
  .map((source) => path.relative('/app', source))

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage on the Node major that package.json engines name', () => {
    expect(stages).toHaveLength(2)
    const major = /(\d+)/.exec(packageJson.engines.node)![1]
    for (const stage of stages) expect(stage[0]!.args).toMatch(new RegExp(`^node:${major}[-.]`))
  })

  it('installs the locked dependencies, builds with the npm script, and drops the development ones', () => {
    const runs = args(build, 'RUN')
    expect(runs).toContain('npm ci --no-audit --no-fund')
    expect(runs).toContain('npm prune --omit=dev --no-audit --no-fund')
    for (const run of runs)
      for (const [, script] of run.matchAll(/npm run (\S+)/g)) expect(packageJson.scripts, run).toHaveProperty(script!)
    expect(runs.indexOf('npm run build')).toBeGreaterThan(runs.indexOf('npm ci --no-audit --no-fund'))
  })

  it('runs what `npm start` runs, as a non-root user, listening beyond the container, with DATA_DIR a volume', () => {
    const env = envOf(runtime)
    expect(packageJson.scripts.start).toBe(`NODE_ENV=${env.NODE_ENV} ${execForm(args(runtime, 'CMD')[0]!).join(' ')}`)
    expect(args(runtime, 'USER')).toEqual(['node'])
    expect(env.HOST).toBe('0.0.0.0')
    expect(args(runtime, 'VOLUME')).toEqual([env.DATA_DIR])
    expect(args(runtime, 'EXPOSE')).toEqual([env.PORT])
  })

  it('sends nothing into the build that the image keeps out of the build context', () => {
    const ignored = fs
      .readFileSync('.dockerignore', 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    const madeInTheImage = ['node_modules', 'dist']
    for (const file of keptFromBuild.filter((f) => !madeInTheImage.includes(f))) expect(ignored).not.toContain(file)
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git']))
  })

  describe('the final stage, laid out from this build', () => {
    let dir: string

    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-image-'))
      for (const file of keptFromBuild.filter((f) => f !== 'node_modules'))
        fs.cpSync(file, path.join(dir, file), { recursive: true })
      execFileSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')])
    }, 60_000)
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

    it('holds a build its commands find current, so `npm run export` and `npm run import` do not rebuild', () => {
      expect(buildIsCurrent(dir)).toBe(true)
      const ensured = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: dir, encoding: 'utf8' })
      expect(ensured.status, ensured.stderr).toBe(0)
      expect(ensured.stdout).toBe('')
    })
  })

  describe('HEALTHCHECK', () => {
    const [, healthArgs] = /^(?:--\S+ )*CMD (.*)$/.exec(args(runtime, 'HEALTHCHECK')[0]!)!
    const [command, ...commandArgs] = execForm(healthArgs!)
    const check = (port: number) =>
      spawnSync(command === 'node' ? process.execPath : command!, commandArgs, {
        env: { PATH: process.env.PATH ?? '', PORT: String(port) },
        timeout: 10_000,
      }).status
    let server: ServerProcess

    beforeAll(async () => {
      server = await startServer({ dataDir: tempDataDir() })
    })
    afterAll(() => server.stop())

    it('passes on a running server and fails where none answers', async () => {
      expect(check(Number(new URL(server.base).port))).toBe(0)
      expect(check(await freePort())).toBe(1)
    })
  })
})
