import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * A full garbage collection, now. For after a one-off burst such as loading the host catalog
 * on first start (the parsed and validated copies of a 20,000-host catalog are about 80 MiB):
 * V8 collects an old generation when allocation goes on, and an idle server allocates nothing,
 * so it kept those pages resident until its first busy minute. `--expose-gc` set at run time
 * makes `gc` available to a fresh context.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
}
