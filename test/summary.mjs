// Prints "total: N passed, N failed" over the vitest JSON reports and pytest's JUnit XML
// (the SQLite run, the PostgreSQL run of the suites where the database matters, and the API
// suites against the installed package)
// and the fuzzing run's exit status (one test).
// Above the total it names every failure with the first lines of its message, and every test
// that passed only on its retry (vitest.config.ts), because CI shows only the end of the log.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

const [
  vitestJson,
  vitestPostgresJson,
  pytestXml,
  fuzzStatus,
  vitestTerraformJson,
  vitestPackageJson,
] = process.argv.slice(2)
let passed = 0
let failed = 0
const failures = []
const flaky = []

function firstLines(text, count = 6) {
  return String(text ?? '')
    .split('\n')
    .slice(0, count)
    .join('\n    ')
}

function readVitest(file, run) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const suite of report.testResults) {
    const where = relative(process.cwd(), suite.name)
    const failedTests = suite.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failedTests)
      failures.push(
        `${run} ${where} > ${test.fullName}\n    ${firstLines(test.failureMessages[0])}`
      )
    // A passed test keeps the errors of its failed attempts.
    for (const test of suite.assertionResults.filter(
      (t) => t.status === 'passed' && t.failureMessages.length > 0
    )) {
      flaky.push(
        `${run} ${where} > ${test.fullName}\n    ${firstLines(test.failureMessages[0], 3)}`
      )
    }
    // A file that failed outside any test (import error, hook) counts as one failure.
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1
      failures.push(`${run} ${where}\n    ${firstLines(suite.message)}`)
    }
  }
}

function readPytest(file, run) {
  const xml = readFileSync(file, 'utf8')
  const suite = /<testsuite [^>]*>/.exec(xml)?.[0] ?? ''
  const count = (name) => Number(new RegExp(`${name}="(\\d+)"`).exec(suite)?.[1] ?? 0)
  failed += count('failures') + count('errors')
  passed += count('tests') - count('failures') - count('errors') - count('skipped')
  const failedCase =
    /<testcase classname="([^"]*)" name="([^"]*)"[^>]*>\s*<(?:failure|error) message="([^"]*)"/g
  for (const [, classname, name, message] of xml.matchAll(failedCase))
    failures.push(`${run} ${classname}::${name}\n    ${firstLines(message)}`)
}

for (const [file, run] of [
  [vitestJson, '[sqlite]'],
  [vitestPostgresJson, '[postgres]'],
  // The API suites against the installed package (npm pack); no report means it did not install.
  ...(vitestPackageJson ? [[vitestPackageJson, '[package]']] : []),
]) {
  if (existsSync(file)) readVitest(file, run)
  else {
    failed += 1
    failures.push(`${run} no vitest report at ${file}`)
  }
}
// The terraform pass runs only where terraform is on the PATH; say which CLIs the provider met.
const terraformRan = vitestTerraformJson && existsSync(vitestTerraformJson)
if (terraformRan) readVitest(vitestTerraformJson, '[terraform]')
console.log(
  `provider and examples suites: tofu${terraformRan ? ' and terraform' : ' only (no terraform on the PATH)'}`
)
if (existsSync(pytestXml)) readPytest(pytestXml, '[python]')
else {
  failed += 1
  failures.push(`[python] no pytest report at ${pytestXml}`)
}
if (fuzzStatus === '0') passed += 1
else {
  failed += 1
  failures.push(
    '[fuzz] schemathesis found problems; see test-output/fuzz.log and fuzz-postgres.log'
  )
}

// How much the fuzzer tried, per database: schemathesis's "N generated, N passed" line.
for (const [file, run] of [
  ['test-output/fuzz.log', 'sqlite'],
  ['test-output/fuzz-postgres.log', 'postgres'],
]) {
  const log = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const cases = /Test cases:\s*\n\s*(.+)/.exec(log)?.[1]?.trim()
  const scenarios = /Scenarios:\s*(\d+)/.exec(log)?.[1]
  console.log(
    `fuzz [${run}]: ${cases ?? 'no run'}${scenarios ? `; ${scenarios} stateful scenarios` : ''}`
  )
}

if (flaky.length > 0)
  console.log(`\nPassed only on retry (flaky):\n${flaky.map((line) => `  ${line}`).join('\n')}`)
if (failures.length > 0)
  console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}\n`)
console.log(`total: ${passed} passed, ${failed} failed`)
