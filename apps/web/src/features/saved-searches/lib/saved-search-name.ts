import { CreateSavedSearchSchema } from '@app/contracts';

/** A saved search's name checked as the save call checks it (trimmed, its length), with its message. */
export const checkSavedSearchName = (name: string) => CreateSavedSearchSchema.shape.name.safeParse(name);
