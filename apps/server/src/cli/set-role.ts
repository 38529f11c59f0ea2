import { parseArgs } from 'node:util';
import { EmailSchema } from '@app/contracts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { CliError, loadCliConfig, openCliDatabase } from './cli-support.ts';

/** A role an account has or not, set from the command line with `--email … [--off]`. */
export interface RoleCommand {
  /** The npm script, for the usage line. */
  script: string;
  column: 'is_seller' | 'is_operator';
  /** What the command prints once the role is given and taken away. */
  given: string;
  taken: string;
}

/** Gives the role to the account with `--email`, or takes it away with `--off`; answers one line. */
export async function setRole(command: RoleCommand, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const usage = `Usage: npm run ${command.script} -- --email ana@example.com [--off]`;
  let values: { email?: string; off?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        off: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) return usage;
  if (!values.email) throw new CliError(`Missing --email (falta --email).\n${usage}`);
  const email = EmailSchema.safeParse(values.email);
  if (!email.success)
    throw new CliError(`Invalid email: ${values.email} (${email.error.issues[0]?.message}).`);
  const on = !values.off;

  const config = loadCliConfig(env);
  const { db, close } = await openCliDatabase(config);
  try {
    const user = await usersRepository.findByEmail(db, email.data);
    if (!user)
      throw new CliError(`No user with the email ${email.data} (no existe un usuario con ese correo).`);
    // Roles are read on every call that needs them: the change counts at once, no new login.
    await usersRepository.update(db, user.id, { [command.column]: on, updated_at: new Date() });
    return `${user.username} <${user.email}> ${on ? command.given : command.taken}`;
  } finally {
    await close();
  }
}
