// npm run users:create -- --email ana@example.com --username ana --password '…' [--seller]
// Registration is closed: accounts are made here.
import { parseArgs } from 'node:util';
import { EmailSchema, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@app/contracts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { createAccount } from '../modules/users/users.service.ts';
import { isUniqueViolation } from '../platform/errors.ts';
import { CliError, isEntryPoint, loadCliConfig, openCliDatabase, runCli } from './cli-support.ts';

const USAGE =
  "Usage: npm run users:create -- --email ana@example.com --username ana --password '…' [--seller]";

export async function usersCreate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  let values: { email?: string; username?: string; password?: string; seller?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        seller: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) return USAGE;
  for (const flag of ['email', 'username', 'password'] as const) {
    if (!values[flag]) throw new CliError(`Missing --${flag} (falta --${flag}).\n${USAGE}`);
  }
  const email = EmailSchema.safeParse(values.email);
  if (!email.success)
    throw new CliError(`Invalid email: ${values.email} (${email.error.issues[0]?.message}).`);
  const username = values.username!.trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw new CliError(
      `Invalid username "${username}": 3 to 30 letters, digits, '_', '.' or '-' (3 a 30 letras, dígitos, '_', '.' o '-').`,
    );
  }
  const password = values.password!;
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CliError(
      `The password must have at least ${PASSWORD_MIN_LENGTH} characters (la contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres).`,
    );
  }
  if (password.length > 200) throw new CliError('The password must have at most 200 characters.');

  const config = loadCliConfig(env);
  const { db, close } = await openCliDatabase(config);
  try {
    if (await usersRepository.findByEmail(db, email.data)) {
      throw new CliError(`A user with the email ${email.data} already exists (ya existe ese correo).`);
    }
    if (await usersRepository.findByUsername(db, username)) {
      throw new CliError(`The username ${username} is already taken (ese nombre de usuario ya existe).`);
    }
    let user: Awaited<ReturnType<typeof createAccount>>;
    try {
      user = await createAccount(
        db,
        { email: email.data, username, password, isSeller: values.seller ?? false },
        { hashCost: config.PASSWORD_HASH_COST, now: new Date() },
      );
    } catch (error) {
      // Another process created the same email or username between the check and the insert.
      if (isUniqueViolation(error)) {
        throw new CliError(`A user with that email or username already exists (${email.data}, ${username}).`);
      }
      throw error;
    }
    return `Created user #${user.id} ${user.username} <${user.email}>${user.is_seller ? ' as a seller' : ''}. / Usuario creado${user.is_seller ? ' (vendedor)' : ''}.`;
  } finally {
    await close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => usersCreate(args));
