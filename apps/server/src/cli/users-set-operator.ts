// npm run users:set-operator -- --email ana@example.com [--off]
// Makes an account an operator (who runs the marketplace from /admin), or takes the role away with --off.
import { isEntryPoint, runCli } from './cli-support.ts';
import { setRole } from './set-role.ts';

export function usersSetOperator(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return setRole(
    {
      script: 'users:set-operator',
      column: 'is_operator',
      given: 'is now an operator. / Ahora es operador.',
      taken: 'is no longer an operator. / Ya no es operador.',
    },
    args,
    env,
  );
}

if (isEntryPoint(import.meta.url)) await runCli((args) => usersSetOperator(args));
