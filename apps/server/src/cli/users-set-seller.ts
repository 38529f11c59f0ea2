// npm run users:set-seller -- --email ana@example.com [--off]
// Makes an account a seller (who may list products and create auctions), or a buyer again with --off.
import { isEntryPoint, runCli } from './cli-support.ts';
import { setRole } from './set-role.ts';

export function usersSetSeller(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return setRole(
    {
      script: 'users:set-seller',
      column: 'is_seller',
      given: 'is now a seller. / Ahora es vendedor.',
      taken: 'is no longer a seller. / Ya no es vendedor.',
    },
    args,
    env,
  );
}

if (isEntryPoint(import.meta.url)) await runCli((args) => usersSetSeller(args));
