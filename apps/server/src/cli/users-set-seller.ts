// npm run users:set-seller -- --email ana@example.com [--off]
// Makes an account a seller (who may list products and create auctions), or a buyer again with --off.
import { parseArgs } from 'node:util';
import { EmailSchema } from '@app/contracts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { CliError, isEntryPoint, loadCliConfig, openCliDatabase, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run users:set-seller -- --email ana@example.com [--off]';

export async function usersSetSeller(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
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
  const isSeller = !values.off;

  const config = loadCliConfig(env);
  const { db, close } = await openCliDatabase(config);
  try {
    const user = await usersRepository.findByEmail(db, email.data);
    if (!user)
      throw new CliError(`No user with the email ${email.data} (no existe un usuario con ese correo).`);
    await usersRepository.update(db, user.id, { is_seller: isSeller, updated_at: new Date() });
    return isSeller
      ? `${user.username} <${user.email}> is now a seller. / Ahora es vendedor.`
      : `${user.username} <${user.email}> is no longer a seller. / Ya no es vendedor.`;
  } finally {
    await close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => usersSetSeller(args));
