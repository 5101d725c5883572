/**
 * `nodeplane users`: dashboard users from the command line.
 * @module
 */
import type { Command } from 'commander'
import { createUser } from '../accounts/accounts.service.js'
import { resetPassword } from '../accounts/one-time-password.service.js'
import { dataOption, withRuntime } from './with-runtime.js'

/** A generated password goes alone to stdout (for scripts); the note about it to stderr. */
function printOneTimePassword(password: string): void {
  process.stderr.write('One-time password (the dashboard asks for a new one at the first login):\n')
  process.stdout.write(`${password}\n`)
}

export function usersCommand(program: Command): void {
  const users = program.command('users').description('manage dashboard users')
  users
    .command('create')
    .description('create a user with an account of its own; prints a generated password')
    .requiredOption('--email <email>', 'login email')
    .option('--password <password>', 'password (default: generate one and print it)')
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, async (rt) => {
        const { user, generatedPassword } = await createUser(rt, {
          email: options.email,
          password: options.password,
        })
        process.stderr.write(`Created user ${user.email} (account ${user.accountId}).\n`)
        if (generatedPassword) printOneTimePassword(generatedPassword)
      })
    )
  users
    .command('reset-password')
    .description(
      "set a user's password and log out their sessions; prints a generated one-time password"
    )
    .requiredOption('--email <email>', 'login email')
    .option(
      '--password <password>',
      'new password (default: generate a one-time password and print it)'
    )
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, async (rt) => {
        const { generatedPassword } = await resetPassword(rt, options.email, options.password)
        process.stderr.write(
          `Reset the password of ${options.email}; their sessions are logged out.\n`
        )
        if (generatedPassword) printOneTimePassword(generatedPassword)
      })
    )
}
