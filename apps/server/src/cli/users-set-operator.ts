// npm run users:set-operator -- --email ana@example.com [--off]
// Makes an account an operator (who runs the marketplace from /admin), or takes the role away with --off.
import { parseArgs } from 'node:util';
import { EmailSchema } from '@app/contracts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { CliError, isEntryPoint, loadCliConfig, openCliDatabase, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run users:set-operator -- --email ana@example.com [--off]';

export async function usersSetOperator(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
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
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) return USAGE;
  if (!values.email) throw new CliError(`Missing --email (falta --email).\n${USAGE}`);
  const email = EmailSchema.safeParse(values.email);
  if (!email.success)
    throw new CliError(`Invalid email: ${values.email} (${email.error.issues[0]?.message}).`);
  const isOperator = !values.off;

  const config = loadCliConfig(env);
  const { db, close } = await openCliDatabase(config);
  try {
    const user = await usersRepository.findByEmail(db, email.data);
    if (!user)
      throw new CliError(`No user with the email ${email.data} (no existe un usuario con ese correo).`);
    // The console reads the role on every call: the change counts at once, no new login needed.
    await usersRepository.update(db, user.id, { is_operator: isOperator, updated_at: new Date() });
    return isOperator
      ? `${user.username} <${user.email}> is now an operator. / Ahora es operador.`
      : `${user.username} <${user.email}> is no longer an operator. / Ya no es operador.`;
  } finally {
    await close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => usersSetOperator(args));
