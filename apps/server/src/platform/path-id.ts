import { productMessages } from '@app/contracts';
import { notFound } from './errors.ts';

/** A path id: a positive integer, else the thing asked for does not exist (404 with `message`). */
export function pathId(value: string, message: string = productMessages.notFound): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound('NOT_FOUND', message);
  return id;
}
