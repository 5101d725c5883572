// Prints "total: N passed, N failed" over the vitest JSON reports and pytest's JUnit XML
// (each of the SQLite and the PostgreSQL run) and the fuzzing run's exit status (one test).
import { existsSync, readFileSync } from 'node:fs'

const [vitestJson, vitestPostgresJson, pytestXml, pytestPostgresXml, fuzzStatus] = process.argv.slice(2)
let passed = 0
let failed = 0
for (const file of [vitestJson, vitestPostgresJson]) {
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
  } else failed += 1
}
for (const file of [pytestXml, pytestPostgresXml]) {
  if (existsSync(file)) {
    const suite = /<testsuite [^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? ''
    const count = (name) => Number(new RegExp(`${name}="(\\d+)"`).exec(suite)?.[1] ?? 0)
    failed += count('failures') + count('errors')
    passed += count('tests') - count('failures') - count('errors') - count('skipped')
  } else failed += 1
}
if (fuzzStatus === '0') passed += 1
else failed += 1
console.log(`total: ${passed} passed, ${failed} failed`)
